// The secrets one `eval run` holds, so that nothing it prints or writes carries them: every
// provider key the environment offers, the keys the llm sections resolved (`${env:NAME}`
// in a file, whatever NAME is), and the credentials of an --engine URL.

import { PROVIDERS, Redactor } from '@nl2sql/llm';
import type { Io } from '../io.js';

/** A Redactor (credential shapes on) that knows the environment's provider keys. */
export function runRedactor(env: Readonly<Record<string, string | undefined>>): Redactor {
  const keys = Object.values(PROVIDERS).flatMap((info) => (info.keyEnv ? [env[info.keyEnv]] : []));
  return new Redactor(keys);
}

/** The user and password of `user:password@` in an --engine URL, in the forms they travel. */
export function urlSecrets(url: string): string[] {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [];
  }
  if (parsed.username === '' && parsed.password === '') return [];
  const decode = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  };
  const user = decode(parsed.username);
  const password = decode(parsed.password);
  // The user name alone is an identity, unless it is the whole credential (a token).
  return password === ''
    ? [user, parsed.username]
    : [password, parsed.password, `${user}:${password}`];
}

/** `io` with everything it prints passed through `redactor` first. */
export function redactingIo(io: Io, redactor: Redactor): Io {
  return {
    ...io,
    out: (text) => io.out(redactor.redact(text)),
    err: (text) => io.err(redactor.redact(text)),
    ...(io.status ? { status: (text: string) => io.status?.(redactor.redact(text)) } : {}),
  };
}
