import { EXIT } from '../exit-codes.js';
import type { Io } from '../io.js';

/** The signals that stop a run: Ctrl-C, and what a CI runner or `kill` sends. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export type StopSignal = (typeof STOP_SIGNALS)[number];

/** A run's stop switch, flipped by SIGINT or SIGTERM. */
export interface StopSignals {
  /** Aborts on the first signal; the runner then stops and reports what finished. */
  readonly signal: AbortSignal;
  /** The signal that stopped the run, or null. */
  readonly received: StopSignal | null;
  /**
   * Removes the handlers (the process then reacts to signals as by default again), unless a
   * signal stopped the run: then a second one still exits 130.
   */
  dispose(): void;
}

/**
 * Catches SIGINT and SIGTERM for the length of a run. The first one aborts the run, which
 * ends the asks in flight, prints the partial board and exits 130 (see
 * decisions/cli-stopped-run-exit-130.md); a second one exits 130 at once, for an engine
 * that does not let go.
 */
export function stopOnSignals(io: Io): StopSignals {
  const controller = new AbortController();
  let received: StopSignal | null = null;
  const handlers = STOP_SIGNALS.map((name) => {
    const handler = () => {
      if (received !== null) {
        io.err(`nl2sql: ${name} again: exiting without the board`);
        process.exit(EXIT.stopped);
      }
      received = name;
      io.err(`nl2sql: ${name}: stopping the run (send it again to exit at once)`);
      controller.abort(new Error(`stopped by ${name}`));
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    get received() {
      return received;
    },
    dispose() {
      // After a first signal the handlers stay: a second one while the board is printed or
      // the engines close still exits 130 rather than killing the process with no code.
      if (received !== null) return;
      for (const [name, handler] of handlers) process.removeListener(name, handler);
    },
  };
}
