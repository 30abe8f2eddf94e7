import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Io } from '../src/index.js';

/** An Io whose output is kept, in a working directory of its own. */
export function captureIo(cwd = mkdtempSync(join(tmpdir(), 'nl2sql-evaluate-'))) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), isTty: false, env: {}, cwd };
  return { io, cwd, out: () => out.join('\n'), err: () => err.join('\n') };
}
