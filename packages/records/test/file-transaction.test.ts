import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileTransaction } from '../src/file-transaction.js';
import { RecordError } from '../src/index.js';
import { tempDir } from './fixtures.js';
import { treeHash } from './tree-hash.js';

function thrown(run: () => void): RecordError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordError) return error;
    throw error;
  }
  throw new Error('expected a RecordError');
}

describe('FileTransaction', () => {
  it('creates new files (making their folders) and replaces existing ones, keeping their mode', () => {
    const root = tempDir('transaction-');
    writeFileSync(join(root, 'README.md'), 'old\n', { mode: 0o640 });
    const tx = new FileTransaction();
    tx.create(join(root, 'benchmarks', 'plans', 'chinook', 'a.json'), '{}\n');
    tx.replace(join(root, 'README.md'), 'new\n');
    tx.replace(join(root, 'docs', 'benchmarks.md'), '# page\n');
    tx.commit();
    expect(treeHash(root)).toEqual({
      'README.md': expect.any(String),
      'benchmarks/': 'folder',
      'benchmarks/plans/': 'folder',
      'benchmarks/plans/chinook/': 'folder',
      'benchmarks/plans/chinook/a.json': expect.any(String),
      'docs/': 'folder',
      'docs/benchmarks.md': expect.any(String),
    });
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toBe('new\n');
    expect(statSync(join(root, 'README.md')).mode & 0o777).toBe(0o640);
  });

  it('undoes a replaced file and a created file when a later write cannot be done', () => {
    const root = tempDir('transaction-');
    writeFileSync(join(root, 'README.md'), 'old\n');
    mkdirSync(join(root, 'taken'));
    writeFileSync(join(root, 'taken', 'b.json'), 'someone else\n');
    const before = treeHash(root);
    const inode = statSync(join(root, 'README.md')).ino;
    const tx = new FileTransaction();
    tx.create(join(root, 'new', 'deep', 'a.json'), 'a\n');
    tx.replace(join(root, 'README.md'), 'new\n');
    tx.create(join(root, 'taken', 'b.json'), 'b\n');
    const error = thrown(() => tx.commit());
    expect(error.code).toBe('RECORD_EXISTS');
    expect(error.file).toBe(join(root, 'taken', 'b.json'));
    expect(error.message).toMatch(/nothing was written$/);
    expect(treeHash(root)).toEqual(before);
    // The README is the very file it was (renamed back), not a copy.
    expect(statSync(join(root, 'README.md')).ino).toBe(inode);
  });

  it('writes nothing when a folder cannot be made or a target is a folder', () => {
    const root = tempDir('transaction-');
    writeFileSync(join(root, 'docs'), 'a file where a folder should be\n');
    mkdirSync(join(root, 'page.md'));
    const before = treeHash(root);
    const blocked = new FileTransaction();
    blocked.create(join(root, 'benchmarks', 'a.json'), 'a\n');
    blocked.replace(join(root, 'docs', 'benchmarks.md'), '# page\n');
    const error = thrown(() => blocked.commit());
    expect(error).toMatchObject({ code: 'FILE_ERROR', file: join(root, 'docs', 'benchmarks.md') });
    expect(treeHash(root)).toEqual(before);

    const folder = new FileTransaction();
    folder.create(join(root, 'benchmarks', 'a.json'), 'a\n');
    folder.replace(join(root, 'page.md'), '# page\n');
    expect(thrown(() => folder.commit())).toMatchObject({ code: 'FILE_ERROR' });
    expect(treeHash(root)).toEqual(before);
  });
});

// A read-only file system needs a mount, so root (or CAP_SYS_ADMIN); elsewhere it is skipped
// with the reason printed. Node's recursive mkdir said ENOENT there (issue 30).
function readOnlyFolder(): { dir: string; release: () => void } | string {
  const dir = join(tempDir('read-only-'), 'benchmarks');
  mkdirSync(dir);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    return `cannot mount a read-only tmpfs here (${(error as Error).message.split('\n')[0]})`;
  }
  return { dir, release: () => execFileSync('umount', [dir]) };
}

describe('FileTransaction on a read-only file system', () => {
  const mounted = readOnlyFolder();
  if (typeof mounted === 'string') console.log(`skipped: ${mounted}`);

  it.skipIf(typeof mounted === 'string')(
    'reports the real cause (read-only file system), not ENOENT, and writes nothing',
    () => {
      if (typeof mounted === 'string') return;
      try {
        const root = dirname(mounted.dir);
        writeFileSync(join(root, 'README.md'), 'old\n');
        const before = treeHash(root);
        const tx = new FileTransaction();
        tx.replace(join(root, 'README.md'), 'new\n');
        tx.create(join(mounted.dir, 'plans', 'chinook', 'a.json'), '{}\n');
        const error = thrown(() => tx.commit());
        expect(error.code).toBe('FILE_ERROR');
        expect(error.message).toContain('EROFS: read-only file system');
        expect(error.message).not.toContain('ENOENT');
        expect(error.message).toContain('nothing was written');
        expect(treeHash(root)).toEqual(before);
      } finally {
        mounted.release();
      }
    },
  );
});
