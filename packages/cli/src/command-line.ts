// A command's option table -> a commander command: the parser, the usage line and the help
// are made from the same table, so what --help lists is exactly what is parsed. Commander
// reads the words after the command's path; main.ts has already found the command.

import { Command as Commander, CommanderError, Option } from 'commander';
import { usageError } from './cli-error.js';
import type { ArgumentSpec, Command, Flags, OptionSpec } from './command.js';

const name = (command: Command): string => `nl2sql ${command.path.join(' ')}`;

function optionTerm(option: OptionSpec): string {
  if (option.value === undefined) return `--${option.name}`;
  const value = option.choices ? option.choices.join('|') : option.value;
  return `--${option.name} ${value}`;
}

function argumentTerm(argument: ArgumentSpec): string {
  const term = `${argument.name}${argument.variadic ? '...' : ''}`;
  return argument.required ? term : `[${term}]`;
}

/** `nl2sql eval run [--mode plans|full|retrieval] [--suite FILE] [--llm CONFIG]...`, from the table. */
export function usageLine(command: Command): string {
  const words = [
    ...command.arguments.map(argumentTerm),
    ...command.options.map(
      (o) => `${o.required ? optionTerm(o) : `[${optionTerm(o)}]`}${o.repeatable ? '...' : ''}`,
    ),
  ];
  return [name(command), ...words].join(' ');
}

/** `--roles a,b --roles c` -> ['a', 'b', 'c'] for a list option with choices. */
const items = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function toOption(spec: OptionSpec): Option {
  const value = spec.choices ? spec.choices.join('|') : spec.value;
  const flags = spec.value === undefined ? `--${spec.name}` : `--${spec.name} <${value}>`;
  const option = new Option(
    flags,
    spec.required ? `(required) ${spec.description}` : spec.description,
  );
  if (spec.value === undefined) return option;
  const flag = `--${spec.name}`;
  const one = (text: string): string | number => {
    if (spec.choices) {
      const bad = (spec.repeatable ? items(text) : [text]).filter(
        (v) => !spec.choices?.includes(v),
      );
      if (bad.length > 0)
        throw usageError(
          `${flag} must be ${spec.repeatable ? 'among' : 'one of'} ${spec.choices.join(', ')}, got ${JSON.stringify(bad[0])}`,
        );
    }
    return spec.parse ? spec.parse(text, flag) : text;
  };
  return option.argParser((text: string, previous: unknown) =>
    spec.repeatable ? [...((previous as unknown[] | undefined) ?? []), one(text)] : one(text),
  );
}

function exitCodeLines(command: Command): string[] {
  const codes = Object.entries(command.exitCodes);
  if (codes.length === 0) return [];
  const width = Math.max(...codes.map(([code]) => code.length));
  const indent = ' '.repeat(width + 4);
  return [
    'Exit codes:',
    ...codes.map(
      ([code, meaning]) => `  ${code.padEnd(width)}  ${meaning.replaceAll('\n', `\n${indent}`)}`,
    ),
  ];
}

/** A commander command for `command`, writing through `out` / `err` and never exiting. */
export function toCommander(
  command: Command,
  write: { out: (text: string) => void; err: (text: string) => void } = {
    out: () => {},
    err: () => {},
  },
): Commander {
  const program = new Commander(name(command))
    .exitOverride()
    .configureOutput({
      writeOut: write.out,
      writeErr: write.err,
      // main.ts prints errors itself, as one line with the command's help hint.
      outputError: () => {},
    })
    .configureHelp({ helpWidth: 100 })
    .helpOption('-h, --help', 'print this help')
    .allowExcessArguments(false)
    .usage(usageLine(command).slice(name(command).length + 1))
    .description(`${command.summary}\n\n${command.description}`);
  for (const argument of command.arguments)
    program.argument(
      argument.required
        ? `<${argument.name}${argument.variadic ? '...' : ''}>`
        : `[${argument.name}${argument.variadic ? '...' : ''}]`,
      argument.description,
    );
  for (const option of command.options) program.addOption(toOption(option));
  const after = [command.notes ?? '', exitCodeLines(command).join('\n')].filter((s) => s !== '');
  if (after.length > 0) program.addHelpText('after', `\n${after.join('\n\n')}`);
  return program;
}

/** The full --help text of a command. */
export function commandHelp(command: Command): string {
  const program = toCommander(command);
  let text = '';
  program.configureOutput({ writeOut: (s) => (text += s), writeErr: () => {} });
  program.outputHelp();
  return text.trimEnd();
}

/** What the user gave: flags by long name, and the positional arguments. */
export interface ParsedCommandLine {
  flags: Flags;
  positionals: string[];
  /** Set when --help was asked for: the help text, and nothing was parsed. */
  help?: string;
}

/** A commander error as our one-line usage message: `unknown option '--jsn' (Did you mean --json?)`. */
function usageMessage(error: CommanderError, command: Command): string {
  const text = error.message
    .replace(/^error: /, '')
    .replace(/\n\(Did you mean/, ' (did you mean')
    .replace(/\n/g, ' ');
  return `${text} (${name(command)} --help)`;
}

/** Parses the words after the command's path. Throws CliError (exit 2) on a usage error. */
export function parseCommandLine(command: Command, argv: readonly string[]): ParsedCommandLine {
  let help = '';
  const program = toCommander(command, { out: (s) => (help += s), err: () => {} });
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.help')
      return { flags: {}, positionals: [], help: help.trimEnd() };
    throw usageError(usageMessage(error, command));
  }
  const values = program.opts();
  // Checked here, not by commander, so the message names the command as ours do.
  const missing = command.options.find(
    (o) => o.required && values[new Option(`--${o.name}`).attributeName()] === undefined,
  );
  if (missing)
    throw usageError(
      `${command.path.join(' ')} needs ${optionTerm(missing)} (${name(command)} --help)`,
    );
  const flags: Flags = {};
  for (const option of program.options) {
    const key = option.long?.replace(/^--/, '');
    const value = values[option.attributeName()];
    if (key !== undefined && key !== 'help' && value !== undefined)
      flags[key] = value as Flags[string];
  }
  return { flags, positionals: program.args };
}
