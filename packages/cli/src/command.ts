import type { ParseArgsConfig } from 'node:util';
import type { ExitCode } from './exit-codes.js';
import type { Io } from './io.js';

export type OptionSpecs = NonNullable<ParseArgsConfig['options']>;

/** Parsed flags: strings, booleans, or repeated strings, as declared. */
export type Flags = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command does once its arguments are parsed. */
export type CommandRun = (
  args: { flags: Flags; positionals: string[] },
  io: Io,
) => Promise<ExitCode>;

/**
 * One CLI command, e.g. `nl2sql eval run`: its description, and its implementation behind
 * a dynamic import so `--help` and usage errors load no database driver or wasm.
 */
export interface Command {
  /** Words after `nl2sql`, e.g. ['eval', 'run']. */
  path: readonly string[];
  summary: string;
  /** The full --help text after the usage line. */
  help: string;
  /** e.g. '[--dialect sqlite|postgres] "SQL"' */
  usage: string;
  options: OptionSpecs;
  /** Positional arguments allowed: [min, max]. */
  positionals: readonly [number, number];
  load(): Promise<CommandRun>;
}
