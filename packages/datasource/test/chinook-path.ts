import { locateChinook } from '@nl2sql/datasets';

/** The verified Chinook_Sqlite.sqlite every integration test reads (never written). */
export function chinookPath(): Promise<string> {
  return locateChinook({ download: false });
}
