import { asEvaluateError as asCliError } from '@nl2sql/evaluate/options';
import { checkOutputPath as check } from '@nl2sql/reporters';

/** A report file that can never be written (a folder, a path through a file) is exit 3. */
export const checkOutputPath = (path: string, given: string): void =>
  asCliError(() => check(path, given));
