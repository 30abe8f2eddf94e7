import { readFileSync } from 'node:fs';
import { terminalSafe } from '@nl2sql/reporters/terminal-text';
import { CliError, usageError } from './cli-error.js';
import type { Command } from './command.js';
import { commands } from './commands/index.js';
import { EXIT, type ExitCode } from './exit-codes.js';
import type { Io } from './io.js';

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/** `nl2sql --help`, or the commands of one group (`nl2sql eval`). */
function overview(group?: string): string {
  const listed = group === undefined ? commands : commands.filter((c) => c.path[0] === group);
  const width = Math.max(...listed.map((c) => c.path.join(' ').length));
  return [
    'nl2sql: evaluate text-to-SQL systems',
    '',
    `Usage: nl2sql ${group === undefined ? '<command>' : `${group} <command>`} [options]`,
    '',
    'Commands:',
    ...listed.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Run `nl2sql help <command>` (or `nl2sql <command> --help`) for its options.',
    '',
    'Exit codes: 0 ok, 1 failed (gate, checks, cases, lint findings, a partial run or an',
    'accuracy under --min-accuracy), 2 usage, 3 configuration (suite, database, prices, keys,',
    'a run that scored nothing), 130 stopped by Ctrl-C or SIGTERM.',
  ].join('\n');
}

/** The longest command path that prefixes argv. */
function findCommand(argv: readonly string[]): Command | undefined {
  let best: Command | undefined;
  for (const command of commands) {
    if (command.path.every((word, i) => argv[i] === word)) {
      if (!best || command.path.length > best.path.length) best = command;
    }
  }
  return best;
}

// Commander and leven load only when a command line is parsed or a command is mistyped, so
// `nl2sql --help` reads nothing but the command tables.
async function unknownCommand(words: readonly string[]): Promise<CliError> {
  const { closestCommand } = await import('./closest-command.js');
  const typed = words.filter((w) => !w.startsWith('-')).slice(0, 2);
  const near = closestCommand(
    typed,
    commands.map((c) => c.path),
  );
  const hint = near === undefined ? '' : ` (did you mean \`${near}\`?)`;
  return usageError(`unknown command '${typed.join(' ')}'${hint}. Run \`nl2sql --help\`.`);
}

/** `nl2sql help [COMMAND...]`: the overview, a group's commands, or one command's help. */
async function help(words: readonly string[], io: Io): Promise<ExitCode> {
  if (words.length === 0) {
    io.out(overview());
    return EXIT.ok;
  }
  const command = findCommand(words);
  if (command && command.path.length === words.length) {
    const { commandHelp } = await import('./command-line.js');
    io.out(commandHelp(command));
    return EXIT.ok;
  }
  if (words.length === 1 && commands.some((c) => c.path[0] === words[0])) {
    io.out(overview(words[0]));
    return EXIT.ok;
  }
  throw await unknownCommand(words);
}

/** Runs the CLI on argv (without node and script) and returns the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  try {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
      io.out(overview());
      return EXIT.ok;
    }
    if (argv[0] === 'help') return await help(argv.slice(1), io);
    if (argv[0] === '--version' || argv[0] === '-v') {
      io.out(version());
      return EXIT.ok;
    }
    const command = findCommand(argv);
    if (!command) {
      const group = argv[0] ?? '';
      if (
        commands.some((c) => c.path[0] === group) &&
        (argv.length === 1 || argv[1]?.startsWith('-'))
      ) {
        io.out(overview(group));
        return argv.includes('--help') || argv.includes('-h') ? EXIT.ok : EXIT.usage;
      }
      throw await unknownCommand(argv);
    }
    const { parseCommandLine } = await import('./command-line.js');
    const parsed = parseCommandLine(command, argv.slice(command.path.length));
    if (parsed.help !== undefined) {
      io.out(parsed.help);
      return EXIT.ok;
    }
    const run = await command.load();
    return await run({ flags: parsed.flags, positionals: parsed.positionals }, io);
  } catch (error) {
    if (error instanceof CliError) {
      // A message may quote an engine, a suite or a file: shown escaped (terminal-text.ts).
      io.err(`nl2sql: ${terminalSafe(error.message)}`);
      return error.exitCode;
    }
    throw error;
  }
}
