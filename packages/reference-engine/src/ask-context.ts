// What the stages of one ask share once its datasource is chosen: the engine's settings, the
// question and role, the datasource, the trace, the abort signal; and the steps every path
// ends with, the same for curated SQL and for a plan's: the safety check, execution as the
// role, a refusal (which never names a table unless the engine reveals it) and the
// synthesizer's written answer.

import { roleTables } from '@nl2sql/access-policy';
import { type Datasource, DatasourceError } from '@nl2sql/datasource';
import { type AskResponse, EngineError, type ResultSet } from '@nl2sql/engine';
import { frozenToday } from '@nl2sql/sqlcheck';
import type { CuratedAnswers } from './curated-answers.js';
import type { PreparedDatasource } from './datasource-catalog.js';
import { executeSql } from './executor.js';
import type { PlanCache } from './plan-cache.js';
import type { ReferenceSettings } from './reference-engine-options.js';
import { columnScope } from './role-scope.js';
import { type SafetyOutcome, safetyCheck } from './safety-check.js';
import { synthesizeAnswer } from './synthesizer.js';
import type { TraceRecorder } from './trace-recorder.js';
import { refusalMessage } from './validator.js';

/** The engine's state an ask reads and the plan cache it fills. */
export interface EngineState {
  readonly settings: ReferenceSettings;
  readonly curated: CuratedAnswers;
  readonly planCache: PlanCache;
}

/** Where a role's query runs: its own login when the datasource has one per role. */
function roleDatasource(datasource: Datasource, role: string): Datasource {
  if (datasource.forRole && (datasource.roles?.length ?? 0) > 0) return datasource.forRole(role);
  return datasource;
}

export class AskContext {
  readonly #scope: string[] | undefined;

  constructor(
    readonly engine: EngineState,
    readonly question: string,
    readonly role: string,
    readonly ds: PreparedDatasource,
    readonly rec: TraceRecorder,
    readonly signal: AbortSignal,
    /** Told each SQL as it is checked: the last one is the failure answer's `sql`. */
    readonly noteSql: (sql: string) => void,
    /** Evidence, instructions and today's date for the planner ('' for none). */
    readonly context = '',
    /** The day "today" means (the ask's as_of_date): each 'now' literal of the SQL becomes it. */
    readonly asOfDate?: string,
  ) {
    this.#scope = roleTables(engine.settings.policy, role);
  }

  /**
   * What the plan cache keys a plan by: the question, and what the ask carried beside it
   * (the same question with other evidence may need another plan).
   */
  get planKey(): string {
    return this.context === '' ? this.question : `${this.question}\n${this.context}`;
  }

  get settings(): ReferenceSettings {
    return this.engine.settings;
  }

  /** The SQL as it runs: relative dates frozen to the ask's as_of_date (sqlcheck's frozenToday). */
  today(sql: string): string {
    return frozenToday(sql, this.asOfDate);
  }

  /** The safety check (the safety node), the SQL recorded in the trace first. */
  check(sql: string): Promise<SafetyOutcome> {
    return this.rec.node('safety', async () => {
      this.rec.sql.push(sql);
      this.noteSql(sql);
      return safetyCheck(sql, {
        dialect: this.ds.dialect,
        maxLimit: this.settings.maxRows + 1,
        allowedTables: this.#scope,
        // Of a table the policy narrows, only its listed columns (role-scope.ts).
        ...columnScope(this.settings.policy, this.role, this.ds.schema),
      });
    });
  }

  /** Runs the SQL as the role (the executor node). */
  execute(sql: string): Promise<ResultSet> {
    return this.rec.node('executor', async () => {
      try {
        const result = await executeSql(roleDatasource(this.ds.entry.datasource, this.role), sql, {
          timeoutMs: this.settings.statementTimeoutMs,
          maxRows: this.settings.maxRows,
          signal: this.signal,
        });
        this.rec.executed(sql, { rows: result.rows.length });
        return result;
      } catch (error) {
        // The trajectory says what failed, never the database's words of a refusal (they
        // would name the table the role may not read).
        const denied = error instanceof DatasourceError && error.code === 'PERMISSION_DENIED';
        this.rec.executed(sql, {
          error: denied
            ? `SECURITY_VIOLATION: ${this.settings.refusalMessage}`
            : ((error as Error)?.message ?? String(error)),
        });
        // The database refused the role's own login (PostgreSQL's grants): the same refused
        // outcome as the validator's, with the generic message, since the database's own
        // words would name the table; no refinement can make the query allowed.
        if (denied) {
          throw new EngineError('SECURITY_VIOLATION', this.settings.refusalMessage, {
            node: 'executor',
          });
        }
        throw error;
      }
    });
  }

  /** The validator's refusal; it names `tables` only when the engine reveals them. */
  refuse(tables: string[] = []): EngineError {
    const { revealRefusedTable, refusalMessage: message } = this.settings;
    this.rec.sawError(`SECURITY_VIOLATION: ${message}`);
    return new EngineError(
      'SECURITY_VIOLATION',
      refusalMessage(this.role, tables, revealRefusedTable && tables.length > 0, message),
      { node: 'validator' },
    );
  }

  /** The success answer: the rows and the synthesizer's prose about them. */
  async finish(sql: string, result: ResultSet): Promise<AskResponse> {
    const { rec } = this;
    const written = await rec.node('synthesizer', () =>
      synthesizeAnswer(this.settings.llm, { question: this.question, result }, this.signal),
    );
    rec.addUsage(written.usage);
    return {
      status: 'success',
      sql,
      results: [result],
      answer: written.answer,
      error: null,
      usage: rec.usage,
      trace: rec.trace(),
      trajectory: rec.steps,
    };
  }
}
