// The credentials an HttpEngine's URL may carry (`user:password@host`) taken out of it: sent
// as `Authorization: Basic ...`, never kept in the URL that is shown, and every form of them
// (encoded, decoded, the header value) listed as a secret for the engine's Redactor.

import { MASK, redact } from '@nl2sql/redact';
import { EngineError } from './engine-error.js';

export interface EngineUrl {
  /** The base URL without credentials or trailing slash. */
  url: string;
  /** The headers to send, `authorization` added when the URL had credentials. */
  headers: Record<string, string>;
  /** Every value never to be shown: the headers' values and the credentials' forms. */
  secrets: string[];
}

/** A URL as typed, everything before its last `@` masked: it may not even parse. */
function withoutUserInfo(url: string): string {
  const at = url.lastIndexOf('@');
  return redact(at < 0 ? url : `${MASK}${url.slice(at)}`);
}

function decode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** Checks `url` is http(s) and moves its credentials into the headers; throws EngineError. */
export function engineUrl(url: string, extraHeaders: Record<string, string> = {}): EngineUrl {
  const headers = { ...extraHeaders };
  const secrets: string[] = Object.values(headers);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (parsed?.protocol !== 'http:' && parsed?.protocol !== 'https:') {
    throw new EngineError(
      'INVALID_REQUEST',
      `HttpEngine: not an http(s) URL: "${withoutUserInfo(url)}"`,
    );
  }
  if (parsed.username !== '' || parsed.password !== '') {
    if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) {
      throw new EngineError(
        'INVALID_REQUEST',
        'HttpEngine: credentials are both in the URL and in an Authorization header; give one',
      );
    }
    const user = decode(parsed.username);
    const password = decode(parsed.password);
    const basic = `Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
    headers.authorization = basic;
    // The user name alone is an identity, not a secret ("admin" would be masked in every
    // message), unless it is the whole credential (a token as the user name).
    secrets.push(basic, `${user}:${password}`, password, parsed.password);
    if (password === '') secrets.push(user, parsed.username);
    parsed.username = '';
    parsed.password = '';
  }
  return { url: parsed.href.replace(/\/+$/, ''), headers, secrets };
}
