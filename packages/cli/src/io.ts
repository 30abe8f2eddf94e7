/** Where a command writes. Injected so tests capture output without touching the process. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** True when stdout is a terminal: progress bars and colour only then. */
  isTty: boolean;
  env: Record<string, string | undefined>;
  cwd: string;
}

export const processIo = (): Io => ({
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  isTty: Boolean(process.stdout.isTTY),
  env: process.env,
  cwd: process.cwd(),
});
