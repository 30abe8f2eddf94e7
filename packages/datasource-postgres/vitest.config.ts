import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// One throwaway PostgreSQL server for the package's test run (test/postgres-server.ts); each
// test file works in databases of its own.
export default mergeConfig(shared, {
  test: { globalSetup: ['test/postgres-server.ts'] },
});
