import { BoardTally, type BoardTallyOptions } from './board-tally.js';
import type { CaseResult } from './case-result.js';
import type { RunEvent } from './run-event.js';
import type { RunTimings } from './run-report.js';
import { RunnerError } from './runner-error.js';
import type { ScoreResult } from './scorer.js';
import { SharedParts } from './shared-parts.js';
import { type CaseTask, taskKey } from './task-list.js';

/** The run's tasks and how its boards count: given, the collector counts each board as it goes. */
export interface CollectorBoards {
  readonly tasks: readonly CaseTask[];
  readonly options: BoardTallyOptions;
}

/**
 * The runner's own listener: every case result by task key (resumed ones from run.started,
 * the rest from case.finished), each config's board counted as results arrive (when given
 * the tasks), and the time summed over the case runs it saw finish. The report is built
 * from what it holds.
 *
 * The results it holds keep their repeated parts once (shared-parts.ts): a long run holds
 * its case results until the report is written, and most of each is like the others.
 *
 * It is also where the run's bookkeeping is checked: a case run finished twice, or one
 * that finished without having started, is an INTERNAL_ERROR that fails the run rather
 * than a board that counts it twice or from nowhere.
 */
export class RunCollector {
  readonly results = new Map<string, CaseResult>();
  /** Task keys announced by case.started and not yet finished (cancelled in flight). */
  readonly #open = new Set<string>();
  #engineMs = 0;
  #databaseMs = 0;
  #scoringMs = 0;
  #queuedMs = 0;
  readonly #billed = new Map<string, number>();
  /** Task key -> its place in the run's order, and its config's board. */
  readonly #order = new Map<string, { readonly order: number; readonly board: BoardTally }>();
  readonly #boards = new Map<string, BoardTally>();
  readonly #shared = new SharedParts();

  constructor(boards?: CollectorBoards) {
    if (boards === undefined) return;
    for (const task of boards.tasks) {
      const name = task.config.name;
      let board = this.#boards.get(name);
      if (board === undefined) {
        board = new BoardTally(boards.options);
        this.#boards.set(name, board);
      }
      this.#order.set(task.key, { order: task.order, board });
    }
  }

  /** Each config's board so far, by config name (empty when the collector was given no tasks). */
  get boards(): ReadonlyMap<string, BoardTally> {
    return this.#boards;
  }

  readonly listener = (event: RunEvent): void => {
    if (event.type === 'run.started') {
      for (const { config, result } of event.resumed) {
        this.#add(taskKey(config, result), result);
      }
      for (const [config, usd] of Object.entries(event.billed)) this.#bill(config, usd);
    } else if (event.type === 'call.billed') {
      this.#bill(event.config, event.costUsd);
    } else if (event.type === 'case.started') {
      const key = taskKey(event.config, event);
      if (this.#open.has(key) || this.results.has(key)) {
        throw new RunnerError('INTERNAL_ERROR', `case run ${key} was started twice`);
      }
      this.#open.add(key);
    } else if (event.type === 'case.finished') {
      const key = taskKey(event.config, event.result);
      if (!this.#open.delete(key)) {
        throw new RunnerError(
          'INTERNAL_ERROR',
          this.results.has(key)
            ? `case run ${key} was recorded twice`
            : `case run ${key} finished without having started`,
        );
      }
      this.#add(key, event.result);
      this.#engineMs += event.timings.engineMs;
      this.#databaseMs += event.timings.databaseMs;
      this.#scoringMs += event.timings.scoringMs;
      this.#queuedMs += event.timings.queuedMs;
    }
  };

  /** Case runs started and never finished: the ones a cancel cut short in flight. */
  get unfinished(): ReadonlySet<string> {
    return this.#open;
  }

  /**
   * Dollars of the LLM calls billed one by one for `config` (this run's and, on resume, the
   * journal's), whether or not their case runs finished.
   */
  billed(config: string): number {
    return this.#billed.get(config) ?? 0;
  }

  #bill(config: string, usd: number): void {
    this.#billed.set(config, (this.#billed.get(config) ?? 0) + usd);
  }

  #add(key: string, result: CaseResult): void {
    if (this.results.has(key)) {
      throw new RunnerError('INTERNAL_ERROR', `case run ${key} was recorded twice`);
    }
    this.results.set(key, this.#compact(result));
    // A result for a task the run did not plan has no board; the report refuses it.
    const place = this.#order.get(key);
    place?.board.add(result, place.order);
  }

  /** `result` with its parts that repeat across case runs shared (equal in every field). */
  #compact(result: CaseResult): CaseResult {
    const shared = this.#shared;
    const scores: Record<string, ScoreResult> = {};
    for (const [name, score] of Object.entries(result.scores)) scores[name] = shared.share(score);
    return {
      ...result,
      expected: shared.share(result.expected),
      error: shared.share(result.error),
      tokens: shared.share(result.tokens),
      scores: shared.share(scores),
      resultHead: shared.share(result.resultHead),
    };
  }

  timings(wallMs: number): RunTimings {
    return {
      wallMs,
      engineMs: this.#engineMs,
      databaseMs: this.#databaseMs,
      scoringMs: this.#scoringMs,
      queuedMs: this.#queuedMs,
    };
  }
}
