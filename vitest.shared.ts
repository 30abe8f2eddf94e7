// Shared vitest settings for every package. Tests import workspace packages through the
// "@nl2sql/source" export condition, so they run against src/ without a build step.
import { defineConfig } from 'vitest/config';

// No 'import' here: vitest hands these to its workers as node --conditions, which steer
// require() too, and a CommonJS package that require()s a dependency with an "import" export
// (pg requiring pg-pool) would get the ESM wrapper. Vite and Node add 'import' themselves
// wherever an import statement resolves.
const conditions = ['@nl2sql/source', 'module', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@nl2sql/source'] } },
  test: {
    include: ['test/**/*.test.ts'],
    passWithNoTests: true,
    // Generous: the SQL parser's wasm takes seconds to compile on a busy 2-core machine, and a
    // slow-but-correct test must not read as a failure. Hanging tests still end.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // The JSON report is what .ci/run totals across packages; turbo caches it with the task.
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
  },
});
