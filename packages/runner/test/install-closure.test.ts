// The runner's core (tasks, scheduler, cost cap, scorers, boards, journal, events) installs
// without a native addon or WebAssembly: SQLite, the SQL parser, the test suite, the judge and
// efficiency are passes the caller plugs in (decisions/runner-passes.md). The package is packed
// exactly as it would be published and its dependency closure (what an install would bring in:
// dependencies, optional ones, required peers) is walked from the workspace and node_modules.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  installClosure,
  type Manifest,
  packedManifest,
  scanPackage,
  strayImports,
} from '@nl2sql/test-support';
import { beforeAll, describe, expect, it } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));

/** Packages whose install builds or loads native code or WebAssembly. */
const FORBIDDEN = [
  'sqlite3',
  '@polyglot-sql/sdk',
  '@nl2sql/sqlcheck',
  '@nl2sql/testsuite',
  '@nl2sql/judge',
  '@nl2sql/efficiency',
  '@nl2sql/datasource-sqlite',
];

let packed: Manifest;

beforeAll(async () => {
  packed = await packedManifest(PACKAGE_DIR);
}, 120_000);

describe('the packed @nl2sql/runner', () => {
  it('installs no native addon, no WebAssembly and none of the passes that bring them', () => {
    expect(packed.name).toBe('@nl2sql/runner');
    expect(JSON.stringify(packed.dependencies)).not.toContain('workspace:');
    const closure = installClosure(packed, PACKAGE_DIR);
    const forbidden = FORBIDDEN.filter((name) => closure.has(name)).map((name) =>
      (closure.get(name)?.chain ?? []).join(' -> '),
    );
    let bytes = 0;
    const binaries: string[] = [];
    for (const found of closure.values()) {
      const scanned = scanPackage(found.dir);
      bytes += scanned.bytes;
      if (scanned.binary.length > 0)
        binaries.push(`${found.chain.join(' -> ')}: ${scanned.binary[0]}`);
    }
    // The figure the decision record quotes: what an install of the runner brings in.
    console.log(`@nl2sql/runner closure: ${closure.size} packages, ${(bytes / 1e6).toFixed(1)} MB`);
    expect(forbidden).toEqual([]);
    expect(binaries).toEqual([]);
    // The walk reached dependencies of dependencies, so it is not vacuous.
    expect(closure.has('@nl2sql/suite')).toBe(true);
    expect(closure.has('ajv')).toBe(true);
  });

  it('has source that imports only node builtins, its own files and its declared dependencies', () => {
    const declared = new Set(Object.keys(packed.dependencies ?? {}));
    expect(strayImports(join(PACKAGE_DIR, 'src'), declared)).toEqual([]);
  });
});
