import { renderReport } from '../eval/board-text.js';
import { GATE_NOT_RUN, renderGate } from '../eval/gate-text.js';
import { colorsFor } from '../terminal-colors.js';
import type { Reporter, ReporterContext } from './reporter.js';

/**
 * `--reporter text` (the default): the board of each config, the failing case runs with the
 * comparator's explanation, then the gate, on stdout. Coloured on a terminal (statuses,
 * PASS/FAIL, deltas), honouring NO_COLOR and FORCE_COLOR.
 */
export function textReporter({ io }: ReporterContext): Reporter {
  const colors = colorsFor(io.env, io.isTty);
  return {
    name: 'text',
    finish({ report, gate }) {
      io.out(renderReport(report, colors));
      if (gate.status === 'not run') io.out(`\n${GATE_NOT_RUN}`);
      else if (gate.status === 'no baseline') io.out(`\n${gate.message}`);
      else if (gate.status === 'gated') io.out(`\n${renderGate(gate.gate, colors)}`);
    },
  };
}
