import type { ExitCode } from './exit-codes.js';
import type { Io } from './io.js';

/** Parsed flags by long name: strings, numbers (strict parsers), booleans, or repeated strings. */
export type Flags = Record<string, string | number | boolean | string[] | undefined>;

/** What a command does once its arguments are parsed. */
export type CommandRun = (
  args: { flags: Flags; positionals: string[] },
  io: Io,
) => Promise<ExitCode>;

/**
 * Turns an option's text into its value, or throws a CliError (exit 2 for a malformed
 * value, exit 3 for one the configuration cannot use). `flag` is `--name`, for messages.
 */
export type FlagParser = (text: string, flag: string) => string | number;

/** One option of a command. Parsing, the usage line and the help list are all made from it. */
export interface OptionSpec {
  /** The long name without dashes: `max-cost`. */
  name: string;
  /** Placeholder for the value (`USD`); absent for a switch. */
  value?: string;
  /** The only values accepted (each item of a comma list, for a list option). */
  choices?: readonly string[];
  /** May be given more than once; values are collected in order. */
  repeatable?: boolean;
  /**
   * The command cannot run without it: printed without brackets in the usage line, marked
   * in the option list, and its absence is a usage error (exit 2) before the command runs.
   */
  required?: boolean;
  /** Strict parser for the value (numbers, URLs); default: the text as given. */
  parse?: FlagParser;
  /** One line (or a few) for the option list. */
  description: string;
}

export interface ArgumentSpec {
  /** Shown in the usage line: `SQL`, `REPORT`. */
  name: string;
  required: boolean;
  /** Takes any number of values (`REPORT...`). */
  variadic?: boolean;
  description: string;
}

/** The exit codes a command documents, with what each means for it. */
export type ExitCodeHelp = Partial<Record<ExitCode | 130, string>>;

/**
 * One CLI command, e.g. `nl2sql eval run`: its option table and help text, and its
 * implementation behind a dynamic import so `--help` and usage errors load no database
 * driver or wasm. The usage line, the option list and the parser all come from `options`
 * and `arguments` (command-line.ts), so help cannot drift from what is parsed.
 */
export interface Command {
  /** Words after `nl2sql`, e.g. ['eval', 'run']. */
  path: readonly string[];
  /** One line, for `nl2sql --help`. */
  summary: string;
  /** What the command does, printed under the usage line. */
  description: string;
  arguments: readonly ArgumentSpec[];
  options: readonly OptionSpec[];
  /** Printed after the option list (modes, defaults, behaviour). */
  notes?: string;
  exitCodes: ExitCodeHelp;
  load(): Promise<CommandRun>;
}
