import type { RunEventListener } from '@nl2sql/runner';
import { githubReporter } from './github-reporter.js';
import { htmlReporter } from './html-reporter.js';
import { jsonReporter } from './json-reporter.js';
import { junitReporter } from './junit-reporter.js';
import { checkOutputPath } from './output-file.js';
import type { Reporter, ReporterContext, RunOutcome } from './reporter.js';
import { type ReporterChoice, type ReporterSpec, reporterSpecs } from './reporter-option.js';
import { selectionReporter } from './selection-reporter.js';
import { textReporter } from './text-reporter.js';

/** The reporters of one run: their event listeners, and the step that writes them all. */
export interface Reporting {
  readonly reporters: readonly Reporter[];
  /** Each reporter's event listener, for the run's `onEvent`. */
  readonly listeners: readonly RunEventListener[];
  /**
   * Gives the outcome (its secrets masked) to every reporter in the order asked. A reporter
   * that cannot write (a file error) is named on stderr and the others still run; resolves
   * false then. Any other throw is a bug and propagates.
   */
  finish(outcome: RunOutcome): Promise<boolean>;
}

function reporterOf(spec: ReporterSpec, context: ReporterContext): Reporter {
  switch (spec.name) {
    case 'text':
      return textReporter(context);
    case 'json':
      return jsonReporter(context, spec.file);
    case 'junit':
      return junitReporter(context, spec.file as string);
    case 'github':
      return githubReporter(context);
    case 'html':
      return htmlReporter(context, spec.file as string);
    case 'selection':
      return selectionReporter(spec.file as string);
  }
}

/** An error that says a file could not be read or written, not a bug: it carries a code. */
function isFileFailure(error: unknown): error is Error {
  return (
    error instanceof Error &&
    (error.name === 'CliError' ||
      error.name === 'ReporterError' ||
      typeof (error as { code?: unknown }).code === 'string' ||
      typeof (error as { exitCode?: unknown }).exitCode === 'number')
  );
}

/**
 * The reporters a run asks for (`reporter`, `json`, `report`; see reporter-option.ts), made
 * with `context`. Usage errors are exit 2; an output file that can never be written (a
 * folder, a path through a file) is exit 3, before the run asks anything.
 */
export function reportersFor(choice: ReporterChoice, context: ReporterContext): Reporting {
  return openReporters(reporterSpecs(choice, context.io.cwd), context);
}

/** The reporters of specs already parsed (reporterSpecs); their output files checked first. */
export function openReporters(specs: readonly ReporterSpec[], context: ReporterContext): Reporting {
  const { io, redactor } = context;
  for (const spec of specs) if (spec.file !== null) checkOutputPath(spec.file, spec.given);
  const reporters = specs.map((spec) => reporterOf(spec, context));
  return {
    reporters,
    listeners: reporters.flatMap((r) => (r.onEvent ? [r.onEvent] : [])),
    async finish(outcome) {
      const safe: RunOutcome = {
        ...outcome,
        report: redactor.redactValue(outcome.report),
        gate: redactor.redactValue(outcome.gate),
      };
      let written = true;
      for (const reporter of reporters) {
        try {
          await reporter.finish(safe);
        } catch (error) {
          if (!isFileFailure(error)) throw error;
          io.err(`nl2sql: --reporter ${reporter.name}: ${redactor.redact(error.message)}`);
          written = false;
        }
      }
      return written;
    },
  };
}
