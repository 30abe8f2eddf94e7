import type { TableLike } from '@nl2sql/comparator';
import { type GoldRowsOptions, type MatcherOutcome, matchGoldRows } from './gold-rows.js';

/**
 * The matchers to hand to `expect.extend`. Plain functions of (received, ...args): vitest
 * calls them with its matcher state as `this`, which they do not need.
 */
export const nl2sqlMatchers = {
  toMatchGoldRows(received: unknown, gold: TableLike, options?: GoldRowsOptions): MatcherOutcome {
    return matchGoldRows(received, gold, options);
  },
};

/**
 * The matchers' signatures, merged into vitest's `Matchers`, which its `Assertion` (what
 * `expect(x)` returns), `expect` itself (the asymmetric form) and `expect.extend` all extend.
 */
export interface Nl2sqlMatchers<R = unknown> {
  /**
   * Passes when the received rows match `gold` under the strict score, or the lenient one
   * with `{ lenient: true }` (or any of `alternatives`). Fails with the comparator's reason.
   */
  toMatchGoldRows(gold: TableLike, options?: GoldRowsOptions): R;
}

declare module 'vitest' {
  // biome-ignore lint/suspicious/noExplicitAny: the declaration must repeat vitest's own to merge.
  interface Matchers<T = any> extends Nl2sqlMatchers<void> {}
}
