/**
 * The most passes one run may ask for. pass^k and determinism need a handful; a hundred
 * passes of a 47-case suite is already 14,100 case runs, and a mistyped 1000 multiplies the
 * bill of a mode full run by a thousand (decisions/cli-flag-values.md).
 */
export const MAX_PASSES = 100;
