import { defineConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// Vitest hands ssr.resolve.conditions to the test workers as node --conditions, which also
// steer require(): with the shared list's 'import' there, pg's own require('pg-pool') gets
// pg-pool's ESM wrapper and fails. Vite adds 'import' by itself where an import needs it.
const conditions = ['@nl2sql/source', 'module', 'node', 'default'];

export default defineConfig({
  ...shared,
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['@nl2sql/source'] } },
  // One throwaway PostgreSQL server for the package's test run (test/postgres-server.ts);
  // each test file works in databases of its own.
  test: { ...shared.test, globalSetup: ['test/postgres-server.ts'] },
});
