import { checkOutputPath as check } from '@nl2sql/reporters';
import { asCliError } from '../reporter-error-adapter.js';

/** A report file that can never be written (a folder, a path through a file) is exit 3. */
export const checkOutputPath = (path: string, given: string): void =>
  asCliError(() => check(path, given));
