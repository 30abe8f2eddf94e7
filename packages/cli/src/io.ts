/** Where a command writes. Injected so tests capture output without touching the process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when stdout is a terminal: progress bars and colour only then. */
  isTty: boolean;
  /**
   * Rewrites the live status line on a terminal (empty text clears it). Absent where there
   * is no terminal; callers then print plain lines.
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
  status: (text) => {
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[2K${text}`);
  },
  env: process.env,
  cwd: process.cwd(),
});
