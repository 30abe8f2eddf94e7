// `--engine URL` must be an http(s) URL, checked when the command line is read: a typo
// (`localhost:8080`, `htp://...`) is caught before the suite is loaded or any case asked.

import { configError } from './cli-error.js';
import type { FlagParser } from './command.js';

export const httpUrlFlag: FlagParser = (text, flag) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(`${flag} must be an http:// or https:// URL, got ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw configError(
      `${flag} must be an http:// or https:// URL, got ${JSON.stringify(text)} (${url.protocol.slice(0, -1)})`,
    );
  return text;
};
