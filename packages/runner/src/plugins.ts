// The passes a run plugs in (decisions/runner-passes.md). The runner's core installs without a
// native addon or WebAssembly: what needs the SQL parser (@nl2sql/sqlcheck, wasm), SQLite
// (sqlite3, a native addon) or packages built on them is given by the caller, typed here by
// what the runner calls, so no type of the runner names a heavy package. @nl2sql/passes'
// `defaultPasses()` gives all of them; a run that needs one it was not given refuses at start
// (require-plugins.ts), it never skips the check.
import type { TableLike } from '@nl2sql/comparator';
import type { Datasource } from '@nl2sql/datasource';
import type { DifficultyLevel, ErrorClass, SqlViolation } from '@nl2sql/diagnostics';
import type { UsageRecord } from '@nl2sql/llm';
import type { CaseDiagnosticsRecord, CaseEfficiencyRecord } from '@nl2sql/records';

/** A schema the checks read (sqlcheck's SchemaLike). */
export interface SchemaLike {
  tables: { name: string; schema?: string; columns: { name: string; type?: string }[] }[];
}

/** A schema with keys (sqlcheck's KeyedSchemaLike), which the judge reads too. */
export interface KeyedSchemaLike {
  tables: {
    name: string;
    schema?: string;
    columns: { name: string; type?: string; nullable?: boolean; primaryKey?: boolean }[];
    primaryKey?: readonly string[];
    foreignKeys?: readonly {
      columns: readonly string[];
      referencedTable: string;
      referencedColumns: readonly string[];
    }[];
  }[];
}

/** One level of the static checks (L1 syntax, L2 schema, L3 safety). */
export interface SqlCheckLevel {
  readonly level: string;
  readonly name: string;
  readonly pass: boolean;
  readonly skipped: boolean;
  readonly violations: readonly SqlViolation[];
}

/** The static checks of one SQL text, as sqlcheck's runChecks reports them. */
export interface SqlCheckReport {
  readonly pass: boolean;
  readonly levels: readonly [SqlCheckLevel, SqlCheckLevel, SqlCheckLevel];
  readonly diagnostics: readonly { rule: string; reason: string; message: string }[];
}

export interface SqlCheckOptions {
  dialect: string;
  schema?: SchemaLike;
  maxLimit?: number;
  requireLimit?: boolean;
  allowedFunctions?: readonly string[];
  maxSqlBytes?: number;
}

/** What a case run's diagnostics read (sqlcheck's DiagnoseCaseInput). */
export interface DiagnoseCaseInput {
  goldSql: string;
  altSql?: readonly string[];
  predSql: string | null | undefined;
  dialect: string;
  verdict: { pass: boolean; lenientPass: boolean; executed: boolean };
  schema?: KeyedSchemaLike;
  lookupTables?: readonly string[];
}

/** A case run's SQL diagnostics (sqlcheck's CaseDiagnostics), as the runner records them. */
export interface CaseDiagnostics {
  normalizedMatch: boolean;
  componentF1: CaseDiagnosticsRecord['component_f1'];
  astSimilarity: number | null;
  filterValues: {
    total: number;
    present: number;
    allPresent: boolean;
    ids: { total: number; present: number; allPresent: boolean };
    missing: readonly { kind: 'number' | 'string'; value: string }[];
  } | null;
  difficulty: { level: DifficultyLevel } | null;
  errorClass: ErrorClass | null;
  errorEvidence: string[];
}

/**
 * The SQL parser's part of a run (@nl2sql/sqlcheck): the safety check before the harness runs
 * an answer's SQL, the sql_checks scorer, an agent's trajectory checks, the scope check of a
 * role's reads and each case run's diagnostics.
 */
export interface SqlAnalysis {
  /** Loads the parser up front, so its one-off cost is not the first case run's. */
  load?(): Promise<unknown>;
  checkSafety(
    sql: string,
    options: Omit<SqlCheckOptions, 'schema'>,
  ): Promise<{ readonly violations: readonly SqlViolation[] }>;
  runChecks(sql: string, options: SqlCheckOptions): Promise<SqlCheckReport>;
  /** What one query reads; undefined when it is not one query (or too long to parse). */
  readSet(
    sql: string,
    schema: SchemaLike | undefined,
    options: { dialect: string; maxSqlBytes?: number },
  ): Promise<{ tables: string[]; columns: string[]; unattributed: string[] } | undefined>;
  diagnoseCase(
    input: DiagnoseCaseInput,
    options?: { signal?: AbortSignal },
  ): Promise<CaseDiagnostics>;
}

/**
 * A test suite opened by the caller (@nl2sql/testsuite's openTestSuite): the runner hands it
 * to the plugin and reads its manifest's figures for the record.
 */
export interface TestSuiteHandle {
  readonly manifest: {
    readonly goldsDigest: string;
    readonly summary: { readonly killedBySuite: number; readonly differing: number };
    readonly databases: readonly { readonly sha256: string }[];
  };
  readonly databases: readonly unknown[];
}

/** One database's verdict of a test-suite match. */
export interface TestSuiteDatabase {
  readonly database: string;
  readonly pass: boolean;
  readonly error?: string;
}

export interface TestSuiteMatchInput {
  prediction: string;
  gold: { sql: string; altSql?: readonly string[] };
  policy: { score: 'strict' | 'lenient'; orderMatters: boolean; tolerance?: number };
  originalGold: readonly TableLike[];
  /** EX's verdict on the original under this policy: the original is not run again. */
  originalPass?: boolean;
}

/** Test-suite accuracy (@nl2sql/testsuite). */
export interface TestSuitePass {
  match(
    suite: TestSuiteHandle,
    input: TestSuiteMatchInput,
  ): Promise<{
    readonly pass: boolean;
    readonly distinguishedBy: string | null;
    readonly databases: readonly TestSuiteDatabase[];
  }>;
  /** The suite cannot judge the case (its gold fails on a variant): a failure with the reason. */
  isSuiteError(error: unknown): error is Error;
}

/** An LLM judge (@nl2sql/judge's Judge): the runner caps and bills its calls. */
export interface JudgeLike {
  readonly identity: unknown;
  cost(usage: readonly UsageRecord[]): number;
  judge(input: never, options?: { signal?: AbortSignal }): Promise<{ costUsd: number }>;
}

/** The three-tier verdict of one case run (@nl2sql/judge's CaseJudgement), as recorded. */
export interface CaseJudgementLike {
  pass: boolean;
  tier: 'ast' | 'execution' | 'judge';
  outcome: NonNullable<CaseDiagnosticsRecord['verdict']>['outcome'];
  reason: string;
  judgeTrigger?: 'small_result' | 'close_sql' | 'tiers_disagree';
  judge?: { error: string } | { equivalent: boolean; reason: string };
  usage: UsageRecord[];
  costUsd: number;
  proposal?: { altSql: string; reason: string };
}

/** When the cascade asks the judge (@nl2sql/judge's CascadeThresholds). */
export interface CascadeThresholdsLike {
  /** AST similarity at or above which a failing candidate "looks close" (default 0.5). */
  closeSimilarity: number;
  /** A gold result with at most this many rows is suspiciously small (default 1). */
  smallResultRows: number;
}

export interface JudgedResult {
  columns: readonly string[];
  rows: readonly (readonly unknown[])[];
  truncated?: boolean;
}

export interface JudgeCaseInput {
  question: string;
  dialect: 'sqlite' | 'postgres';
  schema?: KeyedSchemaLike;
  orderMatters?: boolean;
  gold: { sql: string; altSql?: readonly string[]; result: JudgedResult };
  candidate: { sql: string; result: JudgedResult | { error: string } };
  strict: { pass: boolean };
  lenient?: { pass: boolean };
  testSuite?: { pass: boolean; distinguishedBy: string | null };
  canonicalMatch?: boolean;
}

/** The verdict cascade and its LLM judge (@nl2sql/judge). */
export interface JudgePass {
  judgeCase(
    input: JudgeCaseInput,
    options: {
      judge?: JudgeLike;
      thresholds?: Partial<CascadeThresholdsLike>;
      signal?: AbortSignal;
    },
  ): Promise<CaseJudgementLike>;
  /** Why the record does not let this judge decide cases, or null when it does. */
  calibrationFailure(calibration: unknown, judge: JudgeLike): string | null;
}

export interface EfficiencyMeasureInput {
  readonly datasource: Pick<Datasource, 'execute'>;
  readonly goldSql: string;
  readonly predSql: string;
  /** The case run passed (EX): only a correct prediction is timed and costed. */
  readonly correct: boolean;
  readonly explainer?: unknown;
  readonly tables?: readonly { name: string; rowCount?: number }[];
  readonly repeats?: number;
  readonly warmup?: number;
  readonly timeoutMs?: number;
  readonly budget?: { relative?: number; absolute?: number };
  readonly signal?: AbortSignal;
}

/** VES, R-VES, query plans and the cost budget of one case run (@nl2sql/efficiency). */
export interface EfficiencyPass {
  measure(input: EfficiencyMeasureInput): Promise<CaseEfficiencyRecord>;
}

/** What a run plugs in (runEval option `plugins`): each only where the run needs it (requirePlugins). */
export interface RunnerPlugins {
  readonly sql?: SqlAnalysis;
  readonly testSuite?: TestSuitePass;
  readonly judge?: JudgePass;
  readonly efficiency?: EfficiencyPass;
}
