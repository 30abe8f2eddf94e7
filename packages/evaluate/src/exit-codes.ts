/**
 * The CLI's exit codes. Scripts and CI branch on them, so they are part of the public API
 * and never change meaning.
 */
export const EXIT = {
  /** Everything ran and passed. */
  ok: 0,
  /** The work ran but something failed: a gate, a check, or cases that must pass. */
  failed: 1,
  /** The command line was wrong: unknown command or flag, missing argument. */
  usage: 2,
  /** The configuration or environment is wrong: missing dataset, unknown price, missing key, no baseline. */
  config: 3,
  /** A bug in nl2sql itself (a case run lost or counted twice): report it. */
  internal: 70,
  /** The run was stopped (Ctrl-C, SIGTERM) before it finished: never a pass. */
  stopped: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
