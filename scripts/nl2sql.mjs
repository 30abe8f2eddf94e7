// `pnpm nl2sql ...` in a checkout: builds the CLI and what it depends on (turbo: a cache hit
// when nothing changed), then runs it in the folder pnpm was started from, so relative
// paths mean what they would for `npx nl2sql`. The build's output goes to stderr: stdout
// is the CLI's alone (`pnpm nl2sql eval run --json > report.json`; pnpm writes its own line
// to stderr).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const build = spawnSync(
  'pnpm',
  ['exec', 'turbo', 'run', 'build', '--filter=@nl2sql/cli...', '--output-logs=errors-only'],
  { cwd: root, stdio: ['ignore', 2, 2], env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env } },
);
if (build.status !== 0) {
  console.error('nl2sql: the build failed (above); fix it or run `pnpm build` to see why');
  process.exit(build.status ?? 1);
}
// biome-ignore lint/suspicious/noUndeclaredEnvVars: not a turbo task; pnpm sets it to the caller's folder.
process.chdir(process.env.INIT_CWD ?? process.cwd());
await import('../packages/cli/dist/bundle/nl2sql.js');
