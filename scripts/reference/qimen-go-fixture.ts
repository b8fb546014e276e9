/**
 * Writes libs/chinese/src/fixtures/qimen-go-charts.json: 500 hour charts of deminzhang/qimen-go, an
 * independent engine, at random moments 1900–2100 (+08:00) outside the 23:00 hour (qimen-go keeps
 * the civil day until midnight; our convention starts the next day at 23:00, docs/chinese.md).
 * `QIMEN_GO_DUMP=/tmp/qimen-go-dump node scripts/run-ts.js scripts/reference/qimen-go-fixture.ts`
 * (build the dump program as scripts/reference/qimen-go/main.go says). Nothing here runs our code.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const COUNT = 500;
const dump = process.env.QIMEN_GO_DUMP ?? '/tmp/qimen-go-dump';

let seed = 20261123;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};
const inputs: string[] = [];
while (inputs.length < COUNT) {
  const d = new Date(Date.UTC(1900, 0, 10) + Math.floor(random() * 200.9 * 365.25 * 86_400) * 1000);
  if (d.getUTCHours() === 23) continue;
  inputs.push([d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes()].join(' '));
}
const lines = execFileSync(dump, { input: inputs.join('\n') + '\n', maxBuffer: 1 << 28 })
  .toString()
  .trim()
  .split('\n');
const charts = lines.map((line) => {
  const { input, pillars, pan } = JSON.parse(line);
  return {
    input,
    pillars,
    ju: pan.Ju,
    yuan: pan.Yuan3,
    term: pan.JieQi,
    xun: pan.Xun,
    void: pan.KongWang,
    horse: pan.Horse,
    duty: [pan.DutyStar, pan.DutyStarPos, pan.DutyDoor, pan.DutyDoorPos],
    // palaces 1…9: [earth, heaven, star, door, deity, hidden]
    palaces: pan.Gongs.slice(1).map((g: Record<string, string>) => [g.HostGan, g.GuestGan, g.Star, g.Door, g.God, g.HideGan]),
  };
});
const file = path.join(__dirname, '..', '..', 'libs', 'chinese', 'src', 'fixtures', 'qimen-go-charts.json');
fs.writeFileSync(
  file,
  JSON.stringify({
    source: 'github.com/deminzhang/qimen-go@4d3f58fa0f401b5b3a337f119138e99e90685dda (MIT)',
    options: '时家 转盘 中宫寄坤 拆补 暗干值使起',
    timezone: '+08:00',
    charts,
  }) + '\n',
);
console.log(`wrote ${charts.length} charts to ${file}`);
