// A JavaScript caller's options object, checked before anything is opened: an unknown key
// (a typo: `maxcost`), a wrong type or a value out of range is one usage error (exit 2) that
// names the option, never a run with the option silently ignored.

import type { TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { usageError } from './evaluate-error.js';

/** Throws a usage error naming the first option of `options` that `schema` refuses. */
export function checkOptions(schema: TObject, options: unknown, api: string): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw usageError(`${api}: options must be an object`);
  const known = new Set(Object.keys(schema.properties));
  const unknown = Object.keys(options).filter((key) => !known.has(key));
  if (unknown.length > 0)
    throw usageError(
      `${api}: unknown option${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} (the options are ${[...known].join(', ')})`,
    );
  // An explicit undefined is an option not given, as on the command line.
  const given = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  const first = Value.Errors(schema, given).First();
  if (first !== undefined) {
    const name = first.path.replace(/^\//, '').split('/')[0] ?? '';
    throw usageError(
      `${api}: option ${name}: ${first.message}, got ${JSON.stringify(first.value)}`,
    );
  }
}
