import type { Io } from '../src/io.js';

/** An Io that records what a command printed, for assertions. */
export function captureIo(overrides: Partial<Io> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    isTty: false,
    env: {},
    cwd: process.cwd(),
    ...overrides,
  };
  return { io, out: () => out.join('\n'), err: () => err.join('\n') };
}
