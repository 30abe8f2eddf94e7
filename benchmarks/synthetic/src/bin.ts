// `pnpm generate --seed 1 --cases 10000 --out DIR`: writes DIR/synthetic.sqlite and
// DIR/synthetic.yaml and prints where, with the time taken.
import { parseArgs } from 'node:util';
import { DEFAULT_SYNTHETIC_CASES, generateSynthetic } from './generate-synthetic.js';

const USAGE = 'usage: pnpm generate --out DIR [--seed N] [--cases N]';

function integer(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) {
    console.error(`--${name} must be plain digits, not ${JSON.stringify(text)}\n${USAGE}`);
    process.exit(2);
  }
  return Number(text);
}

function readArgs() {
  // pnpm passes a `--` it was given on to the script; it separates nothing here.
  const args = process.argv.slice(2).filter((arg, i) => !(i === 0 && arg === '--'));
  try {
    return parseArgs({
      args,
      options: {
        out: { type: 'string' },
        seed: { type: 'string' },
        cases: { type: 'string' },
      },
      strict: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
}

const { values } = readArgs();
if (values.out === undefined) {
  console.error(USAGE);
  process.exit(2);
}
const started = performance.now();
const set = await generateSynthetic({
  dir: values.out,
  seed: integer('seed', values.seed, 1),
  cases: integer('cases', values.cases, DEFAULT_SYNTHETIC_CASES),
});
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`seed ${set.seed}, ${set.cases} cases, ${seconds} s`);
console.log(`database: ${set.databasePath}`);
console.log(`suite:    ${set.suitePath}`);
