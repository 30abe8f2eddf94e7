import { colorsFor, statusColor, terminalSafe } from '@nl2sql/reporters';
import type { RunEvent, RunEventListener } from '@nl2sql/runner';
import type { Io } from '../io.js';

const pct = (k: number, n: number) => (n === 0 ? '-' : `${((100 * k) / n).toFixed(1)}%`);

/**
 * Progress as the run goes, all of it on stderr so stdout carries only the board or the
 * JSON (`eval run > board.txt`, `eval run --json | jq`): on a terminal one live line (cases
 * done of planned, pass rate and dollars so far), rewritten in place; elsewhere one plain
 * line per finished case run, which reads well in a CI log. Statuses are coloured when
 * stderr takes colour (a terminal, or FORCE_COLOR; never with NO_COLOR).
 */
export function progressListener(io: Io): RunEventListener & { done(): void } {
  const live = io.status !== undefined;
  const colors = colorsFor(io.env, live);
  const listener = (event: RunEvent): void => {
    if (event.type === 'run.started') {
      for (const notice of event.notices) io.err(`nl2sql: ${terminalSafe(notice)}`);
      if (event.resumed.length > 0) {
        const billed = Object.values(event.billed).reduce((a, b) => a + b, 0);
        io.err(
          `resuming: ${event.resumed.length} of ${event.plannedCases} case runs already in the journal${billed > 0 ? `, $${billed.toFixed(4)} already billed` : ''}`,
        );
      }
    }
    if (event.type !== 'case.finished') return;
    const r = event.result;
    if (live) {
      io.status?.(
        `[${event.completedCases}/${event.plannedCases}] ${pct(event.passedCases, event.completedCases)} passed, $${event.dollars.toFixed(4)}  ${terminalSafe(r.caseId)}`,
      );
    } else {
      const who = terminalSafe(
        `${r.caseId}${r.role === null ? '' : ` ${r.role}`}${r.pass > 1 ? ` pass ${r.pass}` : ''}`,
      );
      io.err(
        `[${event.completedCases}/${event.plannedCases}] ${terminalSafe(event.config)} ${who} ${statusColor(colors, r.status)}`,
      );
    }
  };
  return Object.assign(listener, {
    done: () => {
      if (live) io.status?.('');
    },
  });
}
