// @nl2sql/engine is the protocol: a team evaluating its own service over HTTP installs it
// without the reference engine's native SQLite driver, SQL parser or LLM client. The
// package is packed exactly as it would be published, and its dependency closure (what an
// install would bring in) is walked; the source is checked to import nothing else.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installClosure, type Manifest, packedManifest, strayImports } from '@nl2sql/test-support';
import { beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));

/** What the protocol may never pull in, directly or through anything it depends on. */
const FORBIDDEN = [
  'sqlite3',
  '@polyglot-sql/sdk',
  '@nl2sql/llm',
  '@nl2sql/datasource',
  '@nl2sql/plan',
  '@nl2sql/sqlcheck',
  '@nl2sql/suite',
  '@nl2sql/reference-engine',
];
/**
 * Its direct dependencies: the HTTP client, the formats (the protocol's messages are TypeBox
 * definitions checked by @nl2sql/format's ajv: pure JavaScript, with yaml for located
 * errors) and two leaf packages.
 */
const ALLOWED_DIRECT = [
  '@nl2sql/format',
  '@nl2sql/redact',
  '@nl2sql/retry',
  '@sinclair/typebox',
  'undici',
];

let packed: Manifest;

beforeAll(async () => {
  packed = await packedManifest(PACKAGE_DIR);
}, 120_000);

describe('the packed @nl2sql/engine', () => {
  it('depends on the HTTP client, the formats and the two leaf packages only, with versions resolved', () => {
    expect(packed.name).toBe('@nl2sql/engine');
    expect(Object.keys(packed.dependencies ?? {}).sort()).toEqual(ALLOWED_DIRECT);
    expect(packed.optionalDependencies ?? {}).toEqual({});
    expect(packed.peerDependencies ?? {}).toEqual({});
    // pnpm replaced the workspace protocol: an install from the registry can resolve them.
    expect(JSON.stringify(packed.dependencies)).not.toContain('workspace:');
  });

  it('installs nothing of the reference engine: no sqlite3, no SQL parser, no LLM client', () => {
    const closure = installClosure(packed, PACKAGE_DIR);
    const found = FORBIDDEN.filter((name) => closure.has(name)).map((name) =>
      (closure.get(name)?.chain ?? []).join(' -> '),
    );
    expect(found).toEqual([]);
    // The walk did reach the dependencies of dependencies (ajv's own), so it is not vacuous.
    expect(closure.has('@nl2sql/retry')).toBe(true);
    expect(closure.has('p-retry')).toBe(true);
    expect(closure.has('ajv')).toBe(true);
    expect(closure.size).toBeGreaterThan(ALLOWED_DIRECT.length);
  });

  it('has source that imports only node builtins, its own files and its declared dependencies', () => {
    const declared = new Set(Object.keys(packed.dependencies ?? {}));
    expect(strayImports(join(PACKAGE_DIR, 'src'), declared)).toEqual([]);
  });
});
