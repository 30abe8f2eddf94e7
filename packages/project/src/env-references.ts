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
  | { readonly ok: true; readonly value: unknown; readonly secrets: readonly string[] }
  | { readonly ok: false; readonly problem: EnvProblem };

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

function walk(
  value: unknown,
  path: PathSegment[],
  env: Readonly<Record<string, string | undefined>>,
  secrets: Set<string>,
): unknown {
  if (typeof value === 'string') return replaceIn(value, [...path], env, secrets);
  if (Array.isArray(value)) return value.map((item, i) => walk(item, [...path, i], env, secrets));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, walk(item, [...path, key], env, secrets)]),
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
): EnvResult {
  const secrets = new Set<string>();
  try {
    const value = walk(data, [], env, secrets);
    return { ok: true, value, secrets: [...secrets] };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.problem };
    throw error;
  }
}
