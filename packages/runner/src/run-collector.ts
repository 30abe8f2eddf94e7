import type { CaseResult } from './case-result.js';
import type { RunEvent } from './run-event.js';
import type { RunTimings } from './run-report.js';
import { taskKey } from './task-list.js';

/**
 * The runner's own listener: every case result by task key (resumed ones from run.started,
 * the rest from case.finished) and the time summed over the case runs it saw finish. The
 * report is built from what it holds.
 */
export class RunCollector {
  readonly results = new Map<string, CaseResult>();
  #engineMs = 0;
  #databaseMs = 0;
  #scoringMs = 0;

  readonly listener = (event: RunEvent): void => {
    if (event.type === 'run.started') {
      for (const { config, result } of event.resumed) {
        this.results.set(taskKey(config, result), result);
      }
    } else if (event.type === 'case.finished') {
      this.results.set(taskKey(event.config, event.result), event.result);
      this.#engineMs += event.timings.engineMs;
      this.#databaseMs += event.timings.databaseMs;
      this.#scoringMs += event.timings.scoringMs;
    }
  };

  timings(wallMs: number): RunTimings {
    return {
      wallMs,
      engineMs: this.#engineMs,
      databaseMs: this.#databaseMs,
      scoringMs: this.#scoringMs,
    };
  }
}
