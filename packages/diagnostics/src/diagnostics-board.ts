// The diagnostics board: accuracy by difficulty and by tag (Wilson intervals), failures per
// error class, empty matches; from what each case run's diagnostics say.
import { wilson } from '@nl2sql/gate';
import { type DifficultyLevel, ERROR_CLASSES, type ErrorClass } from './error-classes.js';

/** What the board reads of one case run (the runner's record and `diagnoseCase` give it). */
export interface DiagnosedCase {
  /** Strict execution pass. */
  pass: boolean;
  /** Both the gold and the result had no rows (the comparator's `emptyMatch`). */
  emptyMatch?: boolean;
  difficulty: DifficultyLevel | null;
  tags?: readonly string[];
  /** Null for a pass. */
  errorClass: ErrorClass | null;
  /** `diagnoseCase`'s filter values, when the case had SQL. */
  filterValues?: {
    total: number;
    allPresent: boolean;
    ids: { total: number; allPresent: boolean };
  } | null;
}

export interface BoardAccuracy {
  count: number;
  total: number;
  rate: number;
  /** 95% Wilson interval; [0, 1] when nothing was counted. */
  lower: number;
  upper: number;
}

export interface DiagnosticsBoard {
  byDifficulty: Record<DifficultyLevel | 'unknown', BoardAccuracy>;
  byTag: Record<string, BoardAccuracy>;
  failures: number;
  /** Per error class: failures of that class and their share of all failures. */
  errorClasses: Record<ErrorClass, { count: number; share: number }>;
  /** Passes where both sides were empty, and accuracy with those passes not counted. */
  emptyMatches: { passes: number; accuracyWithout: BoardAccuracy };
  /** 004 D.11: cases whose gold filters on values with every value present in the prediction, over those cases. */
  filterValueAccuracy: BoardAccuracy;
  /** The same over cases whose gold filters on numbers (004's ID accuracy). */
  idAccuracy: BoardAccuracy;
}

export function boardAccuracy(count: number, total: number): BoardAccuracy {
  if (total === 0) return { count: 0, total: 0, rate: 0, lower: 0, upper: 1 };
  const i = wilson(count, total);
  return { count, total, rate: count / total, lower: i.lower, upper: i.upper };
}

function tally(groups: Map<string, { pass: number; total: number }>, key: string, pass: boolean) {
  const g = groups.get(key) ?? { pass: 0, total: 0 };
  g.total += 1;
  if (pass) g.pass += 1;
  groups.set(key, g);
}

export function diagnosticsBoard(cases: readonly DiagnosedCase[]): DiagnosticsBoard {
  const byDifficulty = new Map<string, { pass: number; total: number }>();
  for (const level of ['simple', 'moderate', 'complex', 'unknown']) {
    byDifficulty.set(level, { pass: 0, total: 0 });
  }
  const byTag = new Map<string, { pass: number; total: number }>();
  const classes = Object.fromEntries(ERROR_CLASSES.map((c) => [c, 0])) as Record<
    ErrorClass,
    number
  >;
  let failures = 0;
  let emptyPasses = 0;
  let passes = 0;
  const values = { hit: 0, total: 0 };
  const ids = { hit: 0, total: 0 };
  for (const c of cases) {
    tally(byDifficulty, c.difficulty ?? 'unknown', c.pass);
    for (const tag of new Set(c.tags ?? [])) tally(byTag, tag, c.pass);
    if (c.pass) {
      passes += 1;
      if (c.emptyMatch === true) emptyPasses += 1;
    } else {
      failures += 1;
      // a failure without a class has not been diagnosed: it still counts as a failure
      classes[c.errorClass ?? 'unclassified'] += 1;
    }
    if (c.filterValues && c.filterValues.total > 0) {
      values.total += 1;
      if (c.filterValues.allPresent) values.hit += 1;
    }
    if (c.filterValues && c.filterValues.ids.total > 0) {
      ids.total += 1;
      if (c.filterValues.ids.allPresent) ids.hit += 1;
    }
  }
  const acc = (m: Map<string, { pass: number; total: number }>) =>
    Object.fromEntries([...m].map(([k, v]) => [k, boardAccuracy(v.pass, v.total)]));
  return {
    byDifficulty: acc(byDifficulty) as DiagnosticsBoard['byDifficulty'],
    byTag: acc(new Map([...byTag].sort(([a], [b]) => a.localeCompare(b)))),
    failures,
    errorClasses: Object.fromEntries(
      ERROR_CLASSES.map((c) => [
        c,
        { count: classes[c], share: failures === 0 ? 0 : classes[c] / failures },
      ]),
    ) as DiagnosticsBoard['errorClasses'],
    emptyMatches: {
      passes: emptyPasses,
      accuracyWithout: boardAccuracy(passes - emptyPasses, cases.length),
    },
    filterValueAccuracy: boardAccuracy(values.hit, values.total),
    idAccuracy: boardAccuracy(ids.hit, ids.total),
  };
}
