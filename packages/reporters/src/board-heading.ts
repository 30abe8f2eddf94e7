// What the board's first line says ran. For the reference engine that is the mode; for an
// external engine the mode is only the rules it was scored by, so the line names the engine
// (where it was reached) and the rules in words, rather than "kind engine (scored in mode
// plans)", which read as if gold plans had been involved.

import type { Mode } from '@nl2sql/records';
import type { RunReport } from '@nl2sql/runner';

/** What each mode scores an external engine's answers on. */
const ENGINE_RULES: Readonly<Record<Mode, string>> = {
  plans: 'reference rules (rows and outcomes)',
  full: 'reference rules with faithfulness (rows, outcomes and the written answer)',
  retrieval: 'retrieval rules (the schema it selects)',
};

/** `mode plans`, or `engine http://127.0.0.1:8000, reference rules (rows and outcomes)`. */
export function whatRan(report: RunReport): string {
  const boards = report.configs;
  if (boards.length === 0 || !boards.every((b) => b.kind === 'engine'))
    return `mode ${report.mode}`;
  // Where each engine was reached (its URL, or a process engine's command), else its name.
  const where = [...new Set(boards.map((b) => b.engine.url ?? b.config.name))];
  return `engine ${where.join(', ')}, ${ENGINE_RULES[report.mode]}`;
}

/** How much of a failure's own words the board keeps. */
const MAX_WORDS = 120;

/**
 * Why an engine could not describe itself, in one short line: an HTTP failure is its status
 * (`describe: HTTP 501`), never the page that came with it; anything else is its first line,
 * cut. The run's JSON keeps the whole message.
 */
export function describeFailure(unavailable: string): string {
  const status = /\bHTTP (\d{3})\b/.exec(unavailable);
  if (status) {
    const tail = / answered HTTP 404: (.*)$/m.exec(unavailable)?.[1];
    return `describe: HTTP ${status[1]}${tail ? ` (${tail})` : ''}`;
  }
  const first = (unavailable.split(/\r?\n/, 1)[0] ?? '').trim();
  const line = first.length > MAX_WORDS ? `${first.slice(0, MAX_WORDS)}...` : first;
  return line.startsWith('describe') ? line : `describe: ${line}`;
}
