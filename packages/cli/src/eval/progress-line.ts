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
    if (event.type === 'run.started' && event.resumed_cases > 0) {
      io.err(
        `resuming: ${event.resumed_cases} of ${event.planned_cases} case runs already in the journal`,
      );
    }
    if (quiet || event.type !== 'case.finished') return;
    const r = event.record;
    if (live) {
      io.status?.(
        `[${event.completed_cases}/${event.planned_cases}] ${pct(event.passed_cases, event.completed_cases)} passed, $${event.dollars.toFixed(4)}  ${r.case_id}`,
      );
    } else {
      const who = `${r.case_id}${r.role === null ? '' : ` ${r.role}`}${r.pass > 1 ? ` pass ${r.pass}` : ''}`;
      io.out(
        `[${event.completed_cases}/${event.planned_cases}] ${event.config} ${who} ${r.status}`,
      );
    }
  };
  return Object.assign(listener, {
    done: () => {
      if (live && !quiet) io.status?.('');
    },
  });
}
