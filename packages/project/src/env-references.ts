// `${env:VAR}` in the string values of evals.yaml: secrets (tokens, database URLs) stay in
// the environment, not in a committed file. The rules (decisions/evals-yaml-project.md):
// - `${env:NAME}` anywhere in a string value is replaced by the variable's value; NAME is
//   letters, digits and `_`, not starting with a digit;
// - an unset or empty variable is an error naming the variable, never a silent "";
// - any other `${` is an error (a shell-style `${TOKEN}` would otherwise be sent as is);
//   `$${` writes a literal `${`;
// - keys are never replaced, and a replaced value is not scanned again.
// The values read are returned so the caller can mask them in everything it prints.

import type { FieldPath, PathSegment } from '@nl2sql/format';

/** A reference that cannot be replaced, at the string value holding it. */
export interface EnvProblem {
  readonly path: FieldPath;
  readonly message: string;
}

export type EnvResult =
  | {
      readonly ok: true;
      readonly value: unknown;
      readonly secrets: readonly string[];
      /** References left as written where `defer` allowed it (the first of each string). */
      readonly deferred?: readonly EnvProblem[];
    }
  | { readonly ok: false; readonly problem: EnvProblem };

export interface EnvOptions {
  /**
   * Paths whose unset or empty variables are not an error yet: the string is kept as
   * written and the problem returned in `deferred`, for the command that uses it to raise.
   */
  readonly defer?: (path: FieldPath) => boolean;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
// `$${` (a literal), `${...}` (a reference), or a `${` never closed.
const TOKEN = /\$\$\{|\$\{([^}]*)\}|\$\{/g;

class Refused extends Error {
  constructor(readonly problem: EnvProblem) {
    super(problem.message);
  }
}

function replaceIn(
  text: string,
  path: FieldPath,
  env: Readonly<Record<string, string | undefined>>,
  secrets: Set<string>,
): string {
  return text.replace(TOKEN, (token: string, inner: string | undefined) => {
    if (token === '$${') return '${';
    if (inner === undefined) {
      throw new Refused({ path, message: '`${` is not closed; write $${ for a literal ${' });
    }
    const name = inner.startsWith('env:') ? inner.slice(4) : undefined;
    if (name === undefined || !NAME.test(name)) {
      throw new Refused({
        path,
        message: `\${${inner}} is not a reference: write \${env:NAME} (NAME of letters, digits and _), or $\${ for a literal \${`,
      });
    }
    const value = env[name];
    // "the environment variable": a message located at `headers.Authorization:` must not
    // read as a credential (`Authorization: <word>`) to the redactor every run applies.
    if (value === undefined || value === '') {
      throw new Refused({
        path,
        message: `the environment variable ${name} is ${value === undefined ? 'not set' : 'empty'}`,
      });
    }
    secrets.add(value);
    return value;
  });
}

interface Walk {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly secrets: Set<string>;
  readonly defer: (path: FieldPath) => boolean;
  readonly deferred: EnvProblem[];
}

function walk(value: unknown, path: PathSegment[], w: Walk): unknown {
  if (typeof value === 'string') {
    const at = [...path];
    // Values read for a string that is then kept as written are not secrets of this run.
    const read = new Set<string>();
    try {
      const out = replaceIn(value, at, w.env, read);
      for (const secret of read) w.secrets.add(secret);
      return out;
    } catch (error) {
      // Only a missing variable waits; a malformed reference is wrong whoever reads it.
      if (!(error instanceof Refused) || !/^the environment variable /.test(error.message))
        throw error;
      if (!w.defer(at)) throw error;
      w.deferred.push(error.problem);
      return value;
    }
  }
  if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i], w));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key], w)]),
    );
  }
  return value;
}

/**
 * `data` with every `${env:NAME}` of its string values replaced from `env`, and the values
 * read; or the first reference (in document order) that cannot be replaced.
 */
export function replaceEnvReferences(
  data: unknown,
  env: Readonly<Record<string, string | undefined>>,
  options: EnvOptions = {},
): EnvResult {
  const w: Walk = { env, secrets: new Set(), defer: options.defer ?? (() => false), deferred: [] };
  try {
    const value = walk(data, [], w);
    return {
      ok: true,
      value,
      secrets: [...w.secrets],
      ...(w.deferred.length > 0 ? { deferred: w.deferred } : {}),
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
}
