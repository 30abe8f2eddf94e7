// What the runner reads from an ask's trace. The trace is the engine's (an HTTP engine may
// send any object), so every read checks the shape and falls back to "not reported".
import type { AskResponse } from '@nl2sql/engine';

type Trace = AskResponse['trace'];

/** Milliseconds the executor nodes report: the database's share of the ask. */
export function databaseMs(trace: Trace): number {
  const nodes = (trace as { nodes?: unknown }).nodes;
  if (!Array.isArray(nodes)) return 0;
  let ms = 0;
  for (const node of nodes as Array<{ node?: unknown; ms?: unknown }>) {
    if (node?.node === 'executor' && typeof node.ms === 'number') ms += node.ms;
  }
  return ms;
}

/** True when the trace says a verified (curated) answer supplied the SQL. */
export function curatedHit(trace: Trace): boolean {
  return (trace as { curated?: unknown }).curated === true;
}
