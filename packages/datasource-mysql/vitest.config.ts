import { mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// One private MariaDB server, with Chinook loaded and the policy's grants applied, for the
// package's test run (test/mariadb-global.ts); tests that write make tables of their own.
export default mergeConfig(shared, {
  test: { globalSetup: ['test/mariadb-global.ts'] },
});
