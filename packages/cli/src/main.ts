import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
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

function overview(): string {
  const width = Math.max(...commands.map((c) => c.path.join(' ').length));
  return [
    'nl2sql: evaluate text-to-SQL systems',
    '',
    'Usage: nl2sql <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.path.join(' ').padEnd(width)}  ${c.summary}`),
    '',
    'Run `nl2sql <command> --help` for a command.',
    '',
    'Exit codes: 0 ok, 1 failed (gate, checks or cases), 2 usage, 3 configuration.',
  ].join('\n');
}

export function commandHelp(command: Command): string {
  return [
    `Usage: nl2sql ${command.path.join(' ')} ${command.usage}`.trimEnd(),
    '',
    command.summary,
    '',
    command.help,
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

/** Runs the CLI on argv (without node and script) and returns the exit code. */
export async function main(argv: readonly string[], io: Io): Promise<ExitCode> {
  try {
    if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
      io.out(overview());
      return EXIT.ok;
    }
    if (argv[0] === '--version' || argv[0] === '-v') {
      io.out(version());
      return EXIT.ok;
    }
    const command = findCommand(argv);
    if (!command) {
      const group = commands.filter((c) => c.path[0] === argv[0]);
      if (group.length > 0 && (argv.length === 1 || argv[1]?.startsWith('-'))) {
        io.out(overview());
        return argv.includes('--help') ? EXIT.ok : EXIT.usage;
      }
      throw usageError(`unknown command '${argv.slice(0, 2).join(' ')}'. Run \`nl2sql --help\`.`);
    }
    const rest = argv.slice(command.path.length);
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(commandHelp(command));
      return EXIT.ok;
    }
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({
        args: [...rest],
        options: command.options,
        allowPositionals: true,
        strict: true,
      });
    } catch (error) {
      throw usageError(`${(error as Error).message} (nl2sql ${command.path.join(' ')} --help)`);
    }
    const [min, max] = command.positionals;
    if (parsed.positionals.length < min || parsed.positionals.length > max) {
      throw usageError(
        `nl2sql ${command.path.join(' ')} takes ${min === max ? min : `${min} to ${max}`} argument(s), got ${parsed.positionals.length}. Usage: nl2sql ${command.path.join(' ')} ${command.usage}`,
      );
    }
    const run = await command.load();
    return await run({ flags: parsed.values, positionals: parsed.positionals }, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.err(`nl2sql: ${error.message}`);
      return error.exitCode;
    }
    throw error;
  }
}
