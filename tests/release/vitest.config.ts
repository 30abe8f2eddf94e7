import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// npm installs and sqlite3's compile: about 1.5 minutes on an idle two-core machine, more
// on a busy one, so the hooks get seven.
export default mergeConfig(shared, defineConfig({ test: { hookTimeout: 420_000 } }));
