import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findProject } from '../src/find-project.js';

describe('findProject', () => {
  it("finds the working directory's evals.yaml, and not a parent's", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'find-'));
    await writeFile(join(dir, 'evals.yaml'), 'version: 1\n');
    await mkdir(join(dir, 'sub'));
    expect(findProject(dir)).toBe(join(dir, 'evals.yaml'));
    expect(findProject(join(dir, 'sub'))).toBeUndefined();
  });
});
