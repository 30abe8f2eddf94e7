import {
  asStored,
  comparable,
  isRetrievalMetrics,
  MODE_ORDER,
  type RunRecord,
  type StoredRecord,
  sortRecords,
} from '@nl2sql/records';
import { shortCommit } from './display-format.js';

/** One record's value on a history chart. */
export interface HistoryPoint {
  /** The slot on the time axis: one per distinct recorded_at in the panel, oldest first. */
  readonly slot: number;
  readonly value: number;
  /** The 95% Wilson interval, where the value has one (accuracy; not mean recall). */
  readonly lower: number | null;
  readonly upper: number | null;
  /** The same run's lenient accuracy, drawn as a dashed line (accuracy panels only). */
  readonly lenient: number | null;
  /** `2026-11-29`, the record's UTC date. */
  readonly date: string;
  /** The commit as git shows it (seven characters), or `unknown`. */
  readonly commit: string;
  readonly note: string | null;
  /** Where the record is (relative as given to readRecords), or '' for a bare record. */
  readonly file: string;
  /** True where this record cannot be compared with the previous one of its series. */
  readonly breaksSeries: boolean;
}

/** One line: a config's accuracy, or one of a retrieval run's recalls. */
export interface HistorySeries {
  readonly name: string;
  readonly points: readonly HistoryPoint[];
}

/** One chart: a mode on a database. */
export interface HistoryPanel {
  readonly mode: string;
  readonly database: string;
  /** `accuracy` (strict, with lenient dashed) or `recall` (table and column). */
  readonly measure: 'accuracy' | 'recall';
  /** The date of each slot, oldest first. */
  readonly slots: readonly string[];
  readonly series: readonly HistorySeries[];
}

/**
 * The history charts' data from result records: one panel per mode and database (modes in
 * the published pages' order), one line per config (or per recall in mode retrieval), one
 * point per record. Sorted with records' `sortRecords`, so any input order gives the same
 * panels; reads no clock.
 */
export function historyPanels(records: readonly (StoredRecord | RunRecord)[]): HistoryPanel[] {
  const sorted = sortRecords(records.map(asStored));
  const modes = [
    ...MODE_ORDER.filter((m) => sorted.some((s) => s.record.kind === m)),
    ...unique(sorted.map((s) => s.record.kind)).filter(
      (m) => !(MODE_ORDER as readonly string[]).includes(m),
    ),
  ];
  const panels: HistoryPanel[] = [];
  for (const mode of modes) {
    const ofMode = sorted.filter((s) => s.record.kind === mode);
    for (const database of unique(ofMode.map((s) => s.record.database.datasource_id))) {
      const stored = ofMode.filter((s) => s.record.database.datasource_id === database);
      panels.push(panel(mode, database, stored));
    }
  }
  return panels;
}

function panel(mode: string, database: string, stored: readonly StoredRecord[]): HistoryPanel {
  const times = unique(stored.map((s) => s.record.recorded_at));
  const slotOf = new Map(times.map((t, i) => [t, i]));
  const retrieval = stored.every((s) => isRetrievalMetrics(s.record.metrics));
  const lines = new Map<string, HistoryPoint[]>();
  const previous = new Map<string, RunRecord>();
  const add = (name: string, key: string, s: StoredRecord, figures: Figures) => {
    const before = previous.get(key);
    const point: HistoryPoint = {
      slot: slotOf.get(s.record.recorded_at) ?? 0,
      ...figures,
      date: s.record.recorded_at.slice(0, 10),
      commit: shortCommit(s.record.git_commit),
      note: s.record.note,
      file: s.path,
      breaksSeries: before !== undefined && !comparable(before, s.record).comparable,
    };
    const list = lines.get(name) ?? [];
    list.push(point);
    lines.set(name, list);
  };
  for (const s of stored) {
    const m = s.record.metrics;
    if (isRetrievalMetrics(m)) {
      if (!retrieval) continue; // a stray retrieval record among accuracy ones has no line here
      const none = { lower: null, upper: null, lenient: null };
      add('table recall', 'table', s, { value: m.retrieval.table_recall, ...none });
      add('column recall', 'column', s, { value: m.retrieval.column_recall, ...none });
      previous.set('table', s.record);
      previous.set('column', s.record);
    } else {
      const strict = m.accuracy.execution.strict;
      add(s.record.config.name, s.record.config.name, s, {
        value: strict.rate,
        lower: strict.lower,
        upper: strict.upper,
        lenient: m.accuracy.execution.lenient.rate,
      });
      previous.set(s.record.config.name, s.record);
    }
  }
  return {
    mode,
    database,
    measure: retrieval ? 'recall' : 'accuracy',
    slots: times.map((t) => t.slice(0, 10)),
    series: [...lines.entries()].map(([name, points]) => ({ name, points })),
  };
}

interface Figures {
  readonly value: number;
  readonly lower: number | null;
  readonly upper: number | null;
  readonly lenient: number | null;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
