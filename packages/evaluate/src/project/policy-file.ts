// The access policy as JSON (`--policy FILE`): {"roles": {"NAME": {"tables": [...],
// "columns": {"Table": [...]}}}}. A file that is missing, not JSON or not that shape is one
// line and exit 3, checked by @nl2sql/access-policy's one validator (a key it does not
// enforce is refused, not ignored).
import { existsSync, readFileSync } from 'node:fs';
import { type AccessPolicy, accessPolicyErrors } from '@nl2sql/access-policy';
import { configError } from '../evaluate-error.js';

/** Reads an access-policy JSON file; `path` is absolute. */
export function readPolicy(path: string): AccessPolicy {
  if (!existsSync(path)) throw configError(`--policy ${path}: no such file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`--policy ${path}: not valid JSON (${(error as Error).message})`);
  }
  const [first, ...more] = accessPolicyErrors(parsed);
  if (first !== undefined) {
    throw configError(
      `--policy ${path}: ${first}${more.length > 0 ? ` (and ${more.length} more)` : ''}`,
    );
  }
  return parsed as AccessPolicy;
}
