// One suite load in a fresh process, so its peak RSS is the loader's alone: `node
// load-suite-child.mjs FILE MAX_BYTES|default` prints one JSON line. Plain JavaScript on the built
// @nl2sql/suite, as the CLI runs it, with no TypeScript loader in the measured process.
import { loadSuite } from '@nl2sql/suite';

const [file, maxBytes] = process.argv.slice(2);
const cpuBefore = process.cpuUsage();
const started = performance.now();
let result;
try {
  const suite = await loadSuite(file, maxBytes === 'default' ? {} : { maxBytes: Number(maxBytes) });
  result = { cases: suite.cases.length };
} catch (error) {
  result = { error: error instanceof Error ? error.message : String(error) };
}
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
process.stdout.write(
  `${JSON.stringify({
    ...result,
    loadMs: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    // resourceUsage reports kilobytes.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
