export { CliError } from './cli-error.js';
export type { Command } from './command.js';
export { EXIT, type ExitCode } from './exit-codes.js';
export type { Io } from './io.js';
export { main } from './main.js';
