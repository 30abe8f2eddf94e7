import { randomUUID } from 'node:crypto';
import { renderReport } from './board-text.js';
import { comparisonText } from './comparison-text.js';
import { GATE_NOT_RUN, renderGate } from './gate-text.js';
import type { Reporter, ReporterContext } from './reporter.js';
import { colorsFor } from './terminal-colors.js';
import { terminalSafeValue } from './terminal-text.js';

/**
 * `--reporter text` (the default): the board of each config, the failing case runs with the
 * comparator's explanation, then the gate, on stdout. Coloured on a terminal (statuses,
 * PASS/FAIL, deltas), honouring NO_COLOR and FORCE_COLOR. Every string of the report and
 * the gate is made terminal-safe first (terminal-text.ts): an engine's error cannot colour,
 * retitle, overwrite or write the clipboard of the terminal that shows it.
 *
 * On GitHub Actions the board is printed between `::stop-commands::` and its resume token:
 * an explanation quotes what an engine returned, and a line of it starting with `::` would
 * otherwise be run as a workflow command (a forged annotation, a mask, a stop).
 */
export function textReporter({
  io,
  diagnostics,
  candidates,
  policies,
  comparison,
}: ReporterContext): Reporter {
  const colors = colorsFor(io.env, io.isTty);
  return {
    name: 'text',
    finish(outcome) {
      // What engines, suites and records wrote is shown escaped; the colours are ours.
      const { report, gate } = terminalSafeValue({ report: outcome.report, gate: outcome.gate });
      const parts = [
        renderReport(report, colors, {
          diagnostics: diagnostics === true,
          candidates: candidates === true,
          policies: policies ?? null,
        }),
      ];
      // --methods: spec 003's table of the methods compared (eval/selection-methods.ts).
      if (comparison === true) parts.push(comparisonText(report, outcome.suite));
      if (gate.status === 'not run') parts.push(GATE_NOT_RUN);
      else if (gate.status === 'no baseline') parts.push(gate.message);
      else if (gate.status === 'gated') parts.push(renderGate(gate.gate, colors));
      const text = parts.join('\n\n');
      if (io.env.GITHUB_ACTIONS !== 'true') {
        io.out(text);
        return;
      }
      const token = randomUUID();
      io.out(`::stop-commands::${token}\n${text}\n::${token}::`);
    },
  };
}
