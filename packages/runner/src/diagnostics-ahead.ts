import { diagnoseInput, overLimit } from './case-diagnostics.js';
import type { CaseResult } from './case-result.js';
import type { EvaluationSettings } from './evaluation-settings.js';
import type { CaseDiagnostics, DiagnoseCaseInput } from './plugins.js';
import type { CaseTask } from './task-list.js';

/**
 * A SQL text longer than this is diagnosed after the asks, not while they run: the parser's
 * work grows with the text and holds the event loop, and one long slice could delay an
 * engine's reply past its deadline (a timer due and a reply waiting: the timer runs first).
 * At this length a case run's diagnostics take a few milliseconds.
 */
export const MAX_AHEAD_SQL = 4096;

/**
 * sqlcheck's diagnostics of each case run, computed while the other asks are still waiting on
 * their engines (decisions/diagnostics-during-asks.md). They used to start only once every ask
 * was done, on a main thread that is mostly idle while engines answer: at 10,000 case runs the
 * run took 8x its engines' time (issue 17). One case run at a time, each after a turn of the
 * event loop (setImmediate), so replies, timers and I/O that arrived meanwhile go first.
 *
 * The evaluation pass takes what is ready and computes the rest itself from the same input
 * (case-diagnostics.ts diagnoseInput), so a case record is the same whichever did the work.
 * Nothing here is a verdict or spends money: the test suite and the judge stay in the pass.
 */
export class DiagnosticsAhead {
  private queue: { key: string; input: DiagnoseCaseInput }[] = [];
  /** The next queued case run (an index: shifting a long array would copy it each time). */
  private head = 0;
  private readonly ready = new Map<string, CaseDiagnostics>();
  private draining: Promise<void> | null = null;
  private closed = false;
  private counts = { offered: 0, computed: 0, used: 0, failed: 0 };

  constructor(private readonly settings: EvaluationSettings) {}

  /** A case run just finished: diagnose it when the event loop has nothing else to do. */
  offer(task: CaseTask, result: CaseResult): void {
    if (this.closed) return;
    const input = diagnoseInput(task, result, this.settings);
    if (input === null) return;
    const texts = [input.goldSql, input.predSql ?? '', ...(input.altSql ?? [])];
    if (texts.some((t) => t.length > MAX_AHEAD_SQL)) return;
    // nor one over the size limit (a project may set it below MAX_AHEAD_SQL): never parsed
    if (overLimit(input, this.settings) !== undefined) return;
    this.counts.offered++;
    this.queue.push({ key: task.key, input });
    this.draining ??= this.drain();
  }

  /** The diagnostics computed for this case run (once), if they were; else the pass computes. */
  take(key: string): CaseDiagnostics | undefined {
    const found = this.ready.get(key);
    if (found === undefined) return undefined;
    this.ready.delete(key);
    this.counts.used++;
    return found;
  }

  /**
   * The asks are done: the case runs still queued are left to the pass (which runs without
   * yielding), and the one being diagnosed finishes first, so none is computed twice.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.queue = [];
    this.head = 0;
    await this.draining;
  }

  /** Settles when the queue is empty (for the tests: a run closes instead). */
  async idle(): Promise<void> {
    await this.draining;
  }

  /** How much was done ahead: for the bench and the tests. */
  stats(): { offered: number; computed: number; used: number; failed: number } {
    return { ...this.counts };
  }

  private async drain(): Promise<void> {
    try {
      while (this.head < this.queue.length && !this.closed) {
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (this.closed) break;
        const next = this.queue[this.head++];
        if (next === undefined) break;
        if (this.head === this.queue.length) {
          this.queue = [];
          this.head = 0;
        }
        try {
          this.ready.set(next.key, await this.settings.sql.diagnoseCase(next.input));
          this.counts.computed++;
        } catch {
          // the pass computes it again and reports the error where it belongs
          this.counts.failed++;
        }
      }
    } finally {
      this.draining = null;
    }
  }
}
