// An engine of kind process (evals.yaml `engines: NAME: { kind: process, command }`) built for
// one run. The child is started, and answers its first request, before the run begins: a
// command that cannot start is one line and exit 3, with nothing written. Its stderr is the
// CLI's stderr, each line prefixed with the engine's name; ProcessEngine's own messages (a
// restart) are notices. The engine is closed with the run's other resources: the closers run
// at run end and after Ctrl-C; a second Ctrl-C exits at once, and ProcessEngine's exit hook
// kills the child then.

import { ProcessEngine, ProcessEngineError } from '@nl2sql/engine';
import { terminalSafe } from '@nl2sql/reporters/terminal-text';
import type { EvalConfig } from '@nl2sql/runner';
import { configError } from '../evaluate-error.js';
import type { Io } from '../io.js';

/** What evals.yaml says about a process engine (@nl2sql/project's ProcessEngineConfig fits). */
export interface ProcessEngineEntry {
  readonly name: string;
  /** The program and its arguments, run without a shell. */
  readonly command: readonly string[];
  /** The folder it runs in: the folder of evals.yaml. */
  readonly cwd: string;
  /** Score the rows it reports instead of running its SQL here (trust_reported_rows). */
  readonly trustReportedRows?: boolean;
}

export interface ProcessEngineSetup {
  io: Io;
  /** The run's closers: the engine's close() is added first, before it is started. */
  closers: Array<() => Promise<void>>;
  /** Where the entry is written, for messages (`evals.yaml:12: engines.py:`). */
  place: string;
  /** Each ask's time limit (options, then evals.yaml); ProcessEngine's default otherwise. */
  askTimeoutMs?: number;
  /** Values never printed (the run's redactor masks the rest of what the CLI prints). */
  secrets?: readonly string[];
}

/** Starts the engine for the run and gives its config; throws EvaluateError (exit 3) when it cannot start. */
export async function processEngineConfig(
  entry: ProcessEngineEntry,
  setup: ProcessEngineSetup,
): Promise<EvalConfig> {
  const { io } = setup;
  const engine = new ProcessEngine({
    command: entry.command,
    cwd: entry.cwd,
    ...(setup.askTimeoutMs !== undefined ? { askTimeoutMs: setup.askTimeoutMs } : {}),
    ...(setup.secrets ? { secrets: setup.secrets } : {}),
    // The engine's own stderr, shown escaped: it writes to the user's terminal.
    onStderr: (line) => io.err(`[${entry.name}] ${terminalSafe(line)}`),
    log: (message) => io.err(`nl2sql: ${terminalSafe(message)}`),
  });
  setup.closers.unshift(() => engine.close());
  try {
    await engine.start();
  } catch (error) {
    if (error instanceof ProcessEngineError) throw configError(`${setup.place} ${error.message}`);
    throw error;
  }
  return {
    name: entry.name,
    engine,
    external: true,
    // The journal's record of where the engine was reached: the command, as configured.
    endpoint: entry.command.join(' '),
    ...(entry.trustReportedRows === true ? { trustReportedRows: true } : {}),
  };
}
