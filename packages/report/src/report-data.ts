// What the page shows, computed before any HTML is written. The board, the comparisons and
// the history are rendered on the server; the case runs and the gold answers are also
// embedded as JSON for the page's script (filters, search, drill-down).

import type { GateCheck } from '@nl2sql/gate';
import type { HistoryPanel } from './history-series.js';
import type { SavedCaseDiagnostics, SavedClarify, SavedTrajectory } from './saved-process.js';
import type { RunStatus } from './saved-run.js';

/** The whole page. */
export interface ReportData {
  readonly title: string;
  readonly runs: readonly RunView[];
  readonly comparisons: readonly ComparisonView[];
  readonly history: readonly HistoryPanel[];
  /** How many records the history was drawn from. */
  readonly historyRecords: number;
  readonly cases: readonly CaseView[];
  /** The suite's side of each case, by case id (shared by every run of the case). */
  readonly gold: Readonly<Record<string, GoldView>>;
  readonly facets: Facets;
  /** Things a reader should know about what the page could not show, in words. */
  readonly notes: readonly string[];
}

/** One saved run: where it came from and a board per config. */
export interface RunView {
  readonly label: string;
  readonly file: string;
  readonly mode: string;
  readonly suite: string;
  readonly suiteDigest: string;
  readonly database: string | null;
  readonly startedAt: string | null;
  readonly roles: readonly string[];
  readonly passes: number | null;
  readonly curated: boolean | null;
  readonly plannedCases: number;
  readonly completedCases: number;
  readonly stopped: string | null;
  readonly wallMs: number | null;
  /**
   * What ran when every config is an engine outside this project (an HTTP or process
   * engine, a predictions file): its identity from the records; null for the reference engine.
   */
  readonly engine: string | null;
  readonly boards: readonly BoardView[];
}

/** One config's headline figures. */
export interface BoardView {
  readonly config: string;
  /** `provider:model` per LLM node. */
  readonly nodes: Readonly<Record<string, string>>;
  /** An external engine as it described itself (`engine NAME VERSION`); null otherwise. */
  readonly engine: string | null;
  readonly rows: readonly BoardRow[];
  /** The diagnostics rows (by difficulty and tag, error classes, similarity), never gated. */
  readonly diagnostics: readonly BoardRow[];
  /** EX false positives: case runs that pass EX and fail the test suite, with why. */
  readonly falsePositives: readonly string[];
  /** Judged-equivalent disagreements proposed as alternative golds, for review. */
  readonly reviews: readonly string[];
}

/** A board line: a share with its Wilson interval, or a figure in words. */
export type BoardRow =
  | {
      readonly kind: 'interval';
      readonly label: string;
      readonly count: number;
      readonly total: number;
      readonly rate: number;
      readonly lower: number;
      readonly upper: number;
    }
  | { readonly kind: 'text'; readonly label: string; readonly text: string };

/** Two configs, or a run and its baseline, case by case. */
export interface ComparisonView {
  readonly title: string;
  readonly baseline: string;
  readonly current: string;
  readonly flips: readonly FlipsView[];
  /** The gate's verdict on the change, or null when it could not run (see `error`). */
  readonly gate: { readonly pass: boolean; readonly checks: readonly GateCheck[] } | null;
  readonly error: string | null;
}

/** How one config's cases moved (the gate's Flips, case refs written `id@role`). */
export interface FlipsView {
  readonly config: string;
  readonly score: string;
  readonly paired: number;
  readonly lost: readonly string[];
  readonly gained: readonly string[];
  readonly bothPassed: number;
  readonly bothFailed: number;
  readonly onlyInBaseline: number;
  readonly onlyInCurrent: number;
  readonly pValue: number;
}

/** One case run as the table and the drill-down show it. */
export interface CaseView {
  /** Position in `cases`: the row's id on the page. */
  readonly i: number;
  /** Index into `runs`. */
  readonly run: number;
  readonly config: string;
  readonly id: string;
  /** Key into `gold`, or null when the suite was not given or lacks the case. */
  readonly gold: string | null;
  readonly role: string | null;
  readonly pass: number;
  readonly status: RunStatus;
  readonly lenient: RunStatus;
  readonly generated: RunStatus | null;
  readonly expected: string | null;
  readonly engineStatus: string | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly rowCount: number | null;
  readonly costUsd: number | null;
  /** The engine's latency; the case run's whole time when `harnessMs` is null (older reports). */
  readonly latencyMs: number | null;
  /** The case run's time in the harness besides the engine's. */
  readonly harnessMs: number | null;
  readonly tokens: { readonly input: number; readonly output: number } | null;
  readonly curated: boolean;
  /** Names of the scorers that failed this run (diagnostics included). */
  readonly failed: readonly string[];
  readonly scores: readonly ScoreView[];
  readonly explanation: string | null;
  /** Static check findings (sql_checks), level by level. */
  readonly findings: readonly Finding[];
  /** The rows the run returned, when the saved report kept them or re-execution matched. */
  readonly result: ResultView | null;
  /** Why no rows are shown, when none are. */
  readonly resultNote: string | null;
  readonly rowDiff: RowDiffView | null;
  readonly answer: AnswerView | null;
  /** Mode retrieval: what the schema retriever sent and missed (retrieval_recall's detail). */
  readonly retrieval: RetrievalView | null;
  /** The tier that decided the three-tier verdict (`ast`, `execution`, `judge`), or null. */
  readonly tier: string | null;
  readonly diagnostics: SavedCaseDiagnostics | null;
  /** An agent's steps, as saved; null for a single-shot answer. */
  readonly trajectory: SavedTrajectory | null;
  /** Index into the trajectory's steps of the unsafe step, or null. */
  readonly unsafeStep: number | null;
  readonly clarify: SavedClarify | null;
  /** A predictions file's k candidates for this case and role, or null. */
  readonly candidates: CandidatesView | null;
}

/** The candidates of one case and role (candidate i is pass i), and the best of them. */
export interface CandidatesView {
  readonly k: number;
  /** One per candidate, in order: the case run's index in `cases` and its verdicts. */
  readonly runs: readonly {
    readonly i: number;
    readonly pass: number;
    readonly status: RunStatus;
    readonly lenient: RunStatus;
  }[];
  /**
   * Index in `cases` of the best candidate: the first that passes strict, else the first
   * that passes lenient, else candidate 1 (decisions/prediction-files.md).
   */
  readonly best: number;
}

export interface RetrievalView {
  readonly tableRecall: number | null;
  readonly columnRecall: number | null;
  readonly missedTables: readonly string[];
  readonly missedColumns: readonly string[];
  readonly tablesSent: readonly string[];
  readonly columnsSent: readonly string[];
}

export interface ScoreView {
  readonly name: string;
  readonly pass: boolean;
  readonly lenient: boolean;
  readonly kind: string | null;
  readonly explanation: string | null;
}

export interface Finding {
  readonly level: string;
  readonly rule: string;
  readonly message: string;
}

export interface ResultView {
  readonly columns: readonly string[];
  /** The first rows, as JSON-safe display values. */
  readonly rows: readonly (readonly CellView[])[];
  /** Rows in the whole result (at least rows.length). */
  readonly rowCount: number;
  /** `saved` (the report kept them) or `re-executed` (run again; digest matched the run's). */
  readonly source: 'saved' | 're-executed';
}

export type CellView = string | number | boolean | null;

/** The comparator's explanation laid over the two tables. */
export interface RowDiffView {
  /** `strict: ...; lenient: ...` in the comparator's words. */
  readonly explanation: string;
  /** Which gold matched (0 the rows, k alternative k) or was compared. */
  readonly gold: number;
  /** Lenient: gold column i was matched with result column mapping[i]; null if none. */
  readonly mapping: readonly number[] | null;
  /** The first gold row left unmatched, with its cells (it may lie past the rows shown). */
  readonly goldMiss: RowMark | null;
  readonly resultMiss: RowMark | null;
  /** Same rows in another order: the first position that differs. */
  readonly orderAt: number | null;
}

export interface RowMark {
  readonly index: number;
  readonly values: readonly CellView[];
}

/** The written answer, part by part, with the spans the faithfulness checker flagged. */
export interface AnswerView {
  readonly parts: readonly AnswerPart[];
  readonly checked: number | null;
}

export interface AnswerPart {
  readonly label: 'summary' | 'answer';
  readonly text: string;
  /** Unsupported numbers and names as [start, end) UTF-16 offsets into text. */
  readonly marks: readonly {
    readonly start: number;
    readonly end: number;
    readonly kind: 'number' | 'name';
  }[];
}

/** The suite's side of a case. */
export interface GoldView {
  readonly question: string;
  /** What the case gave the system under test beside the question (null: nothing). */
  readonly evidence: string | null;
  readonly instructions: string | null;
  readonly asOfDate: string | null;
  readonly sql: string | null;
  readonly altSql: readonly string[];
  /** The first gold rows (and the alternatives' first rows). */
  readonly rows: readonly (readonly CellView[])[];
  readonly altRows: readonly (readonly (readonly CellView[])[])[];
  readonly rowTotal: number;
  readonly altRowTotals: readonly number[];
  readonly orderMatters: boolean;
  readonly tags: readonly string[];
  readonly difficulty: string | null;
  readonly outcome: Readonly<Record<string, string>>;
}

/** The values each filter offers, sorted. */
export interface Facets {
  readonly configs: readonly string[];
  readonly roles: readonly string[];
  readonly scorers: readonly string[];
  readonly tags: readonly string[];
  readonly difficulties: readonly string[];
  /** Verdict tiers that decided some case run. */
  readonly tiers: readonly string[];
  /** Process marks some case run has: `trajectory`, `unsafe step`, `saw an error`, `recovered`. */
  readonly process: readonly string[];
  /** Clarify verdicts some case run got. */
  readonly clarify: readonly string[];
}
