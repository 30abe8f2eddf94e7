import { defineConfig, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

// The CLI's npm install compiles sqlite3: about 80 s on an idle two-core machine, several
// minutes on a busy one, so the hooks get ten before they count as hung.
export default mergeConfig(shared, defineConfig({ test: { hookTimeout: 600_000 } }));
