// A labelled calibration set (spec 001 section 6): pairs of a reference query and a candidate
// query for one question, each labelled equivalent or not by a person, with the reason in
// words. The judge is measured against these labels before a run may use it.

/** What a person decided about a pair. */
export type EquivalenceLabel = 'equivalent' | 'not_equivalent';

export interface CalibrationPair {
  /** Unique within the set. */
  id: string;
  /** The suite case the pair is built on, when it is one. */
  case?: string;
  question: string;
  /** What kind of rewrite or mistake the pair is (kebab-case, for the set's composition). */
  category: string;
  label: EquivalenceLabel;
  /** Row order is part of the answer. */
  order_matters: boolean;
  /** The reference query. */
  gold: string;
  /** The query whose equivalence is judged. */
  candidate: string;
  /** Why the label is what it is. */
  reason: string;
  /**
   * Not-equivalent pairs only: SQL statements that, applied to a copy of the database, make
   * the two queries return different rows (data that could exist, constraints kept).
   */
  witness?: string;
}

export interface CalibrationSet {
  name: string;
  version: number;
  /** The datasource the pairs run on. */
  database: string;
  dialect: 'sqlite' | 'postgres';
  description?: string;
  /** What counts as a valid database state and as the same answer, in words. */
  assumptions?: string[];
  pairs: CalibrationPair[];
}

/** The set's make-up: how many pairs, how many of each label and category. */
export interface CalibrationComposition {
  pairs: number;
  equivalent: number;
  notEquivalent: number;
  /** `category` -> { equivalent, notEquivalent }, categories sorted. */
  categories: Record<string, { equivalent: number; notEquivalent: number }>;
}

export function composition(set: CalibrationSet): CalibrationComposition {
  const categories: Record<string, { equivalent: number; notEquivalent: number }> = {};
  let equivalent = 0;
  for (const pair of [...set.pairs].sort((a, b) => (a.category < b.category ? -1 : 1))) {
    const entry = categories[pair.category] ?? { equivalent: 0, notEquivalent: 0 };
    categories[pair.category] = entry;
    if (pair.label === 'equivalent') {
      equivalent++;
      entry.equivalent++;
    } else entry.notEquivalent++;
  }
  return {
    pairs: set.pairs.length,
    equivalent,
    notEquivalent: set.pairs.length - equivalent,
    categories,
  };
}
