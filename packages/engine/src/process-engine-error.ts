// Why a process engine could not be started: the CLI turns it into one line and exit 3
// (the engine's command or script is wrong, not the run). Once started, the engine's
// failures are answers with error codes, as for any engine.

import { EngineError } from './engine-error.js';

/**
 * - `spawn`: the command could not be run (not found, not executable, bad cwd);
 * - `exit`: the process ended before answering its first request;
 * - `protocol`: it wrote something on stdout that is not a reply (a log line, a banner);
 * - `timeout`: it did not answer its first request within `startTimeoutMs`;
 * - `closed`: the engine was closed while it started.
 */
export type ProcessStartFailure = 'spawn' | 'exit' | 'protocol' | 'timeout' | 'closed';

export class ProcessEngineError extends EngineError {
  override readonly name = 'ProcessEngineError';
  readonly reason: ProcessStartFailure;

  constructor(reason: ProcessStartFailure, message: string, options: { cause?: unknown } = {}) {
    // One line: the CLI prints it as is.
    super('TRANSPORT_ERROR', message.replace(/\s*[\r\n]+\s*/g, ' '), options);
    this.reason = reason;
  }
}
