'use strict';
// `npm run fuzz`: the fuzzer of test/fuzz.test.ts with many more requests per operation and a fresh
// random seed (printed, to replay a failure with FUZZ_SEED=<seed>). CI runs it with a fixed seed.
process.env.FUZZ_RUNS = process.env.FUZZ_RUNS || '400';
process.env.FUZZ_SEED = process.env.FUZZ_SEED || String(Math.floor(Math.random() * 2 ** 31));
console.log(`fuzzing with FUZZ_RUNS=${process.env.FUZZ_RUNS} FUZZ_SEED=${process.env.FUZZ_SEED}`);
process.argv = [process.argv[0], process.argv[1], 'test/fuzz.test.ts', ...process.argv.slice(2)];
require('./test.js');
