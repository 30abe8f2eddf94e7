// `--engine NAME|URL`: an engine the project configures, by name, or an HTTP engine by its
// URL as before projects existed. Anything with `://` is a URL and must be http(s) (a typo
// like `htp://...` is caught before the suite is loaded); anything else must be a name.

import { configError } from './cli-error.js';
import type { FlagParser } from './command.js';
import { httpUrlFlag } from './url-flag.js';

/** evals.yaml's name alphabet (@nl2sql/project's NAME_PATTERN, written out: --help loads no schema). */
const ENGINE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** True when an `--engine` value (already parsed) is a URL rather than a configured name. */
export const isEngineUrl = (value: string): boolean => value.includes('://');

export const engineFlag: FlagParser = (text, flag) => {
  if (isEngineUrl(text)) return httpUrlFlag(text, flag);
  if (!ENGINE_NAME.test(text)) {
    throw configError(
      `${flag} must be an http:// or https:// URL, got ${JSON.stringify(text)} (or the name of an engine in evals.yaml: letters, digits, _ . -)`,
    );
  }
  return text;
};
