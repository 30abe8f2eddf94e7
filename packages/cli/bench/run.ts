// CLI figures: start-up of `nl2sql --help` and wall time and memory of `nl2sql eval run`,
// each from the built binary as a user runs it (build first: `pnpm bench` does).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../dist/bundle/nl2sql.js', import.meta.url));
// The child reports its own peak RSS: /usr/bin/time is not on every machine.
const usageHook = fileURLToPath(new URL('./report-usage.cjs', import.meta.url));
if (!existsSync(bin)) {
  console.error(`cli bench: ${bin} is missing; run \`pnpm build\` first`);
  process.exit(1);
}

function timeRuns(args: string[], runs: number) {
  const times: number[] = [];
  let maxRssKb = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const r = spawnSync(process.execPath, ['--require', usageHook, bin, ...args], {
      encoding: 'utf8',
    });
    times.push(performance.now() - started);
    if (r.status !== 0) throw new Error(`nl2sql ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    const rss = /maxrss (\d+)/.exec(r.stderr);
    if (rss) maxRssKb = Math.max(maxRssKb, Number(rss[1]));
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    min: times[0] ?? 0,
    maxRssMb: maxRssKb / 1024,
  };
}

const help = timeRuns(['--help'], 11);
console.log(
  `nl2sql --help start-up: median ${help.median.toFixed(0)} ms, min ${help.min.toFixed(0)} ms (11 runs)`,
);
const run = timeRuns(['eval', 'run'], 3);
console.log(
  `nl2sql eval run (mode plans, Chinook, every case and role): median ${run.median.toFixed(0)} ms wall, peak RSS ${run.maxRssMb.toFixed(0)} MB (3 runs)`,
);
const demo = timeRuns(['demo', 'comparator'], 5);
console.log(
  `nl2sql demo comparator (7 cases): median ${demo.median.toFixed(0)} ms wall, peak RSS ${demo.maxRssMb.toFixed(0)} MB (5 runs)`,
);
