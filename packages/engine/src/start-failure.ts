// Why a process engine's start failed, in the words the CLI prints on one line: what its
// first request (describe) came to, read with what is known of the process (it could not be
// spawned, it ended, it wrote something that is not a reply, or it said nothing in time).

import type { EngineChild } from './engine-child.js';
import type { Outcome } from './line-requests.js';
import type { ProcessStartFailure } from './process-engine-error.js';

export interface StartFailure {
  reason: ProcessStartFailure;
  message: string;
}

export function startFailure(
  label: string,
  child: EngineChild,
  outcome: Outcome,
  context: { closing: boolean; startTimeoutMs: number },
): StartFailure {
  if (context.closing) return { reason: 'closed', message: `${label} was closed while starting` };
  const lost = child.lost;
  if (lost?.reason === 'spawn') return { reason: 'spawn', message: `${label} ${lost.why}` };
  if (lost?.reason === 'protocol') {
    return {
      reason: 'protocol',
      message: `${label} ${lost.why} before answering its first request (describe): stdout carries the protocol only, write logs to stderr`,
    };
  }
  if (lost) {
    return {
      reason: 'exit',
      message: `${label} ${lost.why} before answering its first request (describe)${lost.detail}`,
    };
  }
  if (!outcome.ok && outcome.code === 'TIMEOUT') {
    return {
      reason: 'timeout',
      message: `${label} did not answer its first request (describe) within ${context.startTimeoutMs} ms`,
    };
  }
  // A reply to describe that is not one (its id known, its shape wrong).
  const why = outcome.ok ? 'answered its first request wrongly' : outcome.message;
  return { reason: 'protocol', message: `${label}: ${why}` };
}
