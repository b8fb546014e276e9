import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

describe('npm start prints no secret in full', () => {
  it('shows the demo API key by its first characters and the file it is in, never the whole key', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the start script's own module (plain JS)
    const { startBanner } = require('../scripts/lib/banner') as {
      startBanner(options: { port: number; temporalUi: string; codecServer?: string; demoKey: string; demoKeyFile: string }): string;
    };
    const demoKey = `ak_live_${randomBytes(32).toString('base64url')}`;
    const banner = startBanner({ port: 3000, temporalUi: 'http://127.0.0.1:8233', demoKey, demoKeyFile: 'var/demo-api-key' });
    expect(banner).not.toContain(demoKey.slice(0, 13));
    expect(banner).toContain(`${demoKey.slice(0, 12)}… (whole key in var/demo-api-key)`);
    // start.js reads the key for that banner only: no other line of it prints the key.
    const start = readFileSync(join(__dirname, '..', 'scripts', 'start.js'), 'utf8');
    expect(start.split('\n').filter((line) => /demoKey|keyFile, 'utf8'/.test(line))).toEqual([
      "  const demoKey = fs.readFileSync(keyFile, 'utf8').trim();",
      '  console.log(startBanner({ port, temporalUi, codecServer, demoKey, demoKeyFile: path.relative(ROOT, keyFile) }));',
    ]);
  });
});
