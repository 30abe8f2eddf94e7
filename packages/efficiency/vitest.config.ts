// The shared settings, without the 'import' condition: vitest hands the conditions to its
// workers as node --conditions, which steer require() too, and pg (CommonJS) requiring
// pg-pool would get pg-pool's ESM wrapper. The postgres branch makes the same change in
// vitest.shared.ts; once it is on main this file goes back to re-exporting the shared one.
import { defineConfig } from 'vitest/config';
import shared from '../../vitest.shared.ts';

const conditions = ['@nl2sql/source', 'module', 'node', 'default'];

export default defineConfig({
  ...shared,
  resolve: { ...shared.resolve, conditions },
  ssr: { ...shared.ssr, resolve: { ...shared.ssr?.resolve, conditions } },
});
