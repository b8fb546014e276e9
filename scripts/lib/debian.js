'use strict';
const fs = require('node:fs');
const { run, tryRun } = require('./run');
const { step, withHeartbeat, fail } = require('./log');

/**
 * The Debian packages the platform needs, each with how to tell it is there: a command on PATH
 * or a file it installs.
 */
const PACKAGES = {
  swetest: { command: 'swetest', why: 'the Swiss Ephemeris reference of the ephemeris tests' },
  'swe-basic-data': { file: '/usr/share/libswe/ephe/sepl_18.se1', why: 'the Swiss Ephemeris data files (1800–2399) of every calculation' },
  chromium: { command: 'chromium', why: 'renders the PDF reports' },
  'fonts-noto-core': { file: '/usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf', why: 'Thai text in reports' },
  'fonts-noto-cjk': {
    file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
    why: 'Chinese and Korean glyphs on the Qi Men board, the BaZi and Saju pillar grids',
  },
  'fonts-dejavu-core': { file: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', why: 'zodiac and planet glyphs' },
  tzdata: {
    file: '/usr/share/zoneinfo/tzdata.zi',
    why: 'the tz database with backzone every birth offset comes from (zdump, in libc-bin, is the reference of its test)',
  },
  'poppler-utils': { command: 'pdftotext', why: 'the report tests read the PDFs' },
};

async function present(spec) {
  if (spec.file) return fs.existsSync(spec.file);
  return (await tryRun('sh', ['-c', `command -v ${spec.command}`])).ok;
}

/** Installs the named packages that are missing, as root through apt-get. */
async function ensureDebianPackages(names) {
  const missing = [];
  for (const name of names) if (!(await present(PACKAGES[name]))) missing.push(name);
  if (missing.length === 0) {
    step(`Debian packages: ${names.join(', ')} present`);
    return;
  }
  const root = process.getuid?.() === 0;
  if (!root || !(await tryRun('sh', ['-c', 'command -v apt-get'])).ok) {
    fail(
      `missing Debian packages: ${missing.map((m) => `${m} (${PACKAGES[m].why})`).join(', ')}.\n` +
        `Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await withHeartbeat(
    `Debian packages: installing ${missing.join(', ')} with apt-get (a minute or two)`,
    (async () => {
      await run('apt-get', ['update', '-qq'], { env, quiet: true });
      await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env, quiet: true });
    })(),
  );
}

module.exports = { ensureDebianPackages };
