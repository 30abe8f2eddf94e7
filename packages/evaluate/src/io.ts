/** Where a command writes. Injected so tests capture output without touching the process. */
export interface Io {
  /** Standard output: what the command produces (the board, JSON), nothing else. */
  out(text: string): void;
  /** Standard error: progress, notices and errors. */
  err(text: string): void;
  /** True when stdout is a terminal. */
  isTty: boolean;
  /**
   * Rewrites the live status line when stderr is a terminal (empty text clears it). Absent
   * otherwise; progress is then one plain line per case run on stderr.
   */
  status?: (text: string) => void;
  env: Record<string, string | undefined>;
  cwd: string;
}

export const processIo = (): Io => ({
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  isTty: Boolean(process.stdout.isTTY),
  // On stderr, so a board piped to a file never holds carriage returns.
  ...(process.stderr.isTTY
    ? { status: (text: string) => process.stderr.write(`\r\x1b[2K${text}`) }
    : {}),
  env: process.env,
  cwd: process.cwd(),
});
