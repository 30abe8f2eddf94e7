// The access policy as JSON (`--policy FILE`): {"roles": {"NAME": {"tables": [...]}}}. A file
// that is missing, not JSON or not that shape is one line and exit 3.
import { existsSync, readFileSync } from 'node:fs';
import type { AccessPolicy } from '@nl2sql/suite';
import { configError } from './cli-error.js';

/** Reads an access-policy JSON file; `path` is absolute. */
export function readPolicy(path: string): AccessPolicy {
  if (!existsSync(path)) throw configError(`--policy ${path}: no such file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw configError(`--policy ${path}: not valid JSON (${(error as Error).message})`);
  }
  const roles = (parsed as { roles?: unknown })?.roles;
  if (typeof roles !== 'object' || roles === null) {
    throw configError(`--policy ${path}: expected {"roles": {"NAME": {"tables": [...]}}}`);
  }
  for (const [name, role] of Object.entries(roles)) {
    const tables = (role as { tables?: unknown })?.tables;
    if (!Array.isArray(tables) || !tables.every((t) => typeof t === 'string')) {
      throw configError(`--policy ${path}: roles.${name}.tables must be a list of table names`);
    }
  }
  return parsed as AccessPolicy;
}
