import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRecord, formatRecord, RecordError, type RecordInput } from '../src/index.js';
import { fixture, tempDir } from './fixtures.js';

function inputFrom(name: 'full' | 'retrieval'): RecordInput {
  const r = fixture(name);
  return {
    kind: r.kind,
    engineVersion: r.engine_version,
    note: r.note,
    dataset: r.dataset,
    database: r.database,
    config: r.config,
    metrics: r.metrics,
    scoreboard: r.scoreboard,
  };
}

describe('createRecord', () => {
  it('rebuilds a fixture record byte for byte from its parts, time and commit', () => {
    const expected = fixture('full');
    const record = createRecord({
      ...inputFrom('full'),
      recordedAt: new Date('2026-10-18T14:40:02.731Z'),
      git: { commit: expected.git_commit, shortSha: '3f9c2a1', dirty: false, root: '/repo' },
    });
    expect(formatRecord(record)).toBe(formatRecord(expected));
  });

  it('finds the commit from a given directory, and unknown outside a repository', () => {
    const root = tempDir('records-create-');
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'T',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 'T',
      GIT_COMMITTER_EMAIL: 't@e',
    };
    execFileSync('git', ['init', '-q'], { cwd: root, env });
    writeFileSync(join(root, 'a.txt'), 'a');
    execFileSync('git', ['add', 'a.txt'], { cwd: root, env });
    execFileSync('git', ['commit', '-q', '-m', 'a'], { cwd: root, env });
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    const inRepo = createRecord({ ...inputFrom('retrieval'), git: { from: root } });
    expect(inRepo).toMatchObject({ git_commit: head, git_dirty: false });
    const outside = createRecord({ ...inputFrom('retrieval'), git: { from: tempDir() } });
    expect(outside).toMatchObject({ git_commit: 'unknown', git_dirty: 'unknown' });
    expect(outside.recorded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('writes note null when none is given and refuses invalid parts', () => {
    const { note: _note, ...rest } = inputFrom('full');
    const git = { commit: 'unknown', shortSha: 'unknown', dirty: 'unknown', root: null } as const;
    expect(createRecord({ ...rest, git }).note).toBeNull();
    const bad = { ...rest, git, config: { name: '', nodes: {} } };
    expect(() => createRecord(bad)).toThrow(RecordError);
    expect(() => createRecord(bad)).toThrow(
      /full record of config : not a valid record: config\.name must not be empty/,
    );
  });
});
