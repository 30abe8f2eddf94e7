// Peak memory and time of each attack in attacks.ts, each in a child process against Chinook.
// Targets: peak RSS under 300 MB, and done within 1.5 times the statement timeout.
// Run with `pnpm bench` in this package.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ATTACKS, TIMEOUT_MS } from './attacks.js';

const run = promisify(execFile);
const child = fileURLToPath(new URL('./memory-attack.ts', import.meta.url));
const RSS_LIMIT_MB = 300;

interface Measured {
  name: string;
  outcome: string;
  elapsedMs: number;
  maxRssMb: number;
  nextQueryOk: boolean;
}

console.log(
  `\nMemory attacks (one child process each, statement timeout ${TIMEOUT_MS} ms, pool of 1):`,
);
console.log(
  `  ${'attack'.padEnd(30)} ${'outcome'.padEnd(18)} ${'elapsed'.padStart(9)} ${'x timeout'.padStart(9)} ${'peak RSS'.padStart(9)}  next query  verdict`,
);
let failures = 0;
for (const name of Object.keys(ATTACKS)) {
  const { stdout } = await run(process.execPath, [...process.execArgv, child, name], {
    maxBuffer: 1024 * 1024,
  });
  const m = JSON.parse(stdout.trim().split('\n').at(-1)!) as Measured;
  const ratio = m.elapsedMs / TIMEOUT_MS;
  const ok = m.maxRssMb < RSS_LIMIT_MB && ratio <= 1.5 && m.nextQueryOk;
  if (!ok) failures += 1;
  console.log(
    `  ${m.name.padEnd(30)} ${m.outcome.slice(0, 18).padEnd(18)} ${`${m.elapsedMs.toFixed(0)} ms`.padStart(9)} ${ratio.toFixed(2).padStart(9)} ${`${m.maxRssMb.toFixed(0)} MB`.padStart(9)}  ${(m.nextQueryOk ? 'ok' : 'FAILED').padEnd(10)}  ${ok ? 'ok' : 'OVER TARGET'}`,
  );
}
console.log(
  failures === 0
    ? `  every attack stayed under ${RSS_LIMIT_MB} MB and within 1.5x the timeout`
    : `  ${failures} attack(s) over target`,
);
