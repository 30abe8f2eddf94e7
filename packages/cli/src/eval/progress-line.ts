import type { RunEvent, RunEventListener } from '@nl2sql/runner';
import type { Io } from '../io.js';

const pct = (k: number, n: number) => (n === 0 ? '-' : `${((100 * k) / n).toFixed(1)}%`);

/**
 * Progress as the run goes: on a terminal one live line (cases done of planned, pass rate
 * and dollars so far), rewritten in place; elsewhere one plain line per finished case run,
 * which reads well in a CI log. Nothing with --json, whose stdout is the report.
 */
export function progressListener(io: Io, quiet: boolean): RunEventListener & { done(): void } {
  const live = io.isTty && io.status !== undefined;
  const listener = (event: RunEvent): void => {
    // On stderr, so even with --json a person sees that the run picked up a journal.
    if (event.type === 'run.started' && event.resumed.length > 0) {
      io.err(
        `resuming: ${event.resumed.length} of ${event.plannedCases} case runs already in the journal`,
      );
    }
    if (quiet || event.type !== 'case.finished') return;
    const r = event.result;
    if (live) {
      io.status?.(
        `[${event.completedCases}/${event.plannedCases}] ${pct(event.passedCases, event.completedCases)} passed, $${event.dollars.toFixed(4)}  ${r.caseId}`,
      );
    } else {
      const who = `${r.caseId}${r.role === null ? '' : ` ${r.role}`}${r.pass > 1 ? ` pass ${r.pass}` : ''}`;
      io.out(`[${event.completedCases}/${event.plannedCases}] ${event.config} ${who} ${r.status}`);
    }
  };
  return Object.assign(listener, {
    done: () => {
      if (live && !quiet) io.status?.('');
    },
  });
}
