// Who ships a packaged suite, as the refusals to rewrite one name it (suite review, suite
// regenerate): an installed package by its folder, a package of this checkout by its name.

import type { PackagedSuite } from '@nl2sql/suite';

/** `an installed package (WHERE)` or `the package NAME (WHERE)`. */
export function packagedOwner(packaged: PackagedSuite): string {
  return packaged.reason === 'node_modules'
    ? `an installed package (${packaged.where})`
    : `the package ${packaged.packageName ?? '?'} (${packaged.where})`;
}
