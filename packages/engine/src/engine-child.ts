// One start of a process engine's command, and what ProcessEngine knows about it. A run may
// see two (the restart after an unexpected end): requests and reply lines are always taken
// as belonging to one of them, so a late reply from the first cannot settle the second's.

import type { EngineProcess } from './engine-process.js';
import type { ProcessStartFailure } from './process-engine-error.js';

export interface EngineChild {
  process: EngineProcess;
  /** The first request id sent to it: ids below belong to an earlier process. */
  firstId: number;
  /** It answered its first request. */
  started: boolean;
  /** Set once it is given up (ended, or ended by us for breaking the protocol). */
  lost?: { reason: ProcessStartFailure; why: string; detail: string };
}
