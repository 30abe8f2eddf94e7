/**
 * Where reporters write: the few parts of a command line's streams they use. A caller's
 * own object (or the CLI's ReporterIo) fits; tests capture it.
 */
export interface ReporterIo {
  /** Standard output: the board, JSON, annotations. */
  out(text: string): void;
  /** Standard error: notices (`wrote report.html`) and a reporter's failure. */
  err(text: string): void;
  /** True when stdout is a terminal (the board is coloured then). */
  readonly isTty: boolean;
  /** `NO_COLOR`, `FORCE_COLOR`, `GITHUB_STEP_SUMMARY`, `GITHUB_WORKSPACE`. */
  readonly env: Record<string, string | undefined>;
  /** Where relative report files are resolved. */
  readonly cwd: string;
}
