// 004 App. D.11 filter predicate (ID) accuracy, per case: which of the values the gold query
// filters on appear in the prediction. A gold value counts as present when the prediction
// holds it as a literal anywhere (a model may move a filter into a CTE, a join or a
// subquery); values the prediction filters on that the gold does not are listed as `extra`.
// Filter values are the literal operands of comparisons, IN and BETWEEN in WHERE, ON, HAVING
// and QUALIFY of every scope (not function arguments such as strftime's format).
import { canonicalForms } from './canonical.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import type { FilterValue } from './filter-comparisons.js';
import { filterComparisons, literalKeys, valueKey } from './filter-comparisons.js';
import { keyIndex } from './keyed-schema.js';
import { loadSdk } from './load.js';
import type { Json } from './node.js';
import { parseOneQuery } from './query-parse.js';

export type { FilterValue } from './filter-comparisons.js';

export interface ValueShare {
  /** Distinct gold filter values of this kind. */
  total: number;
  present: number;
  /** present / total; null when the gold filters on no such value. */
  accuracy: number | null;
  /** Every gold value present (true when there is none). */
  allPresent: boolean;
}

export interface FilterValueAccuracy extends ValueShare {
  /** The gold's distinct filter values (in canonical order: AND terms and IN lists sorted). */
  gold: FilterValue[];
  missing: FilterValue[];
  /** Values the prediction filters on that the gold's filters do not hold. */
  extra: FilterValue[];
  /** 004's ID accuracy: the same over the numeric values only. */
  ids: ValueShare;
}

function share(values: FilterValue[], present: (v: FilterValue) => boolean): ValueShare {
  const hit = values.filter(present).length;
  return {
    total: values.length,
    present: hit,
    accuracy: values.length === 0 ? null : hit / values.length,
    allPresent: hit === values.length,
  };
}

function distinctValues(query: Json, dialect: SqlDialect): FilterValue[] {
  const canonical = JSON.parse(canonicalForms(query, dialect, 1)[0] ?? 'null') as Json;
  const seen = new Set<string>();
  const out: FilterValue[] = [];
  for (const c of filterComparisons(canonical, keyIndex(undefined, dialect))) {
    const k = valueKey(c.literal);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(c.literal);
  }
  return out;
}

/**
 * Filter-value accuracy of `predicted` against `gold`; undefined when either is not one query.
 */
export async function filterValueAccuracy(
  gold: string,
  predicted: string,
  dialect: SqlDialect | string,
): Promise<FilterValueAccuracy | undefined> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  const g = parseOneQuery(sdk, gold, d);
  const p = parseOneQuery(sdk, predicted, d);
  if (!g.ok || !p.ok) return undefined;
  const goldValues = distinctValues(g.query, d);
  const predLiterals = literalKeys(p.query);
  const isPresent = (v: FilterValue) => predLiterals.has(valueKey(v));
  const goldKeys = new Set(goldValues.map(valueKey));
  return {
    ...share(goldValues, isPresent),
    gold: goldValues,
    missing: goldValues.filter((v) => !isPresent(v)),
    extra: distinctValues(p.query, d).filter((v) => !goldKeys.has(valueKey(v))),
    ids: share(
      goldValues.filter((v) => v.kind === 'number'),
      isPresent,
    ),
  };
}
