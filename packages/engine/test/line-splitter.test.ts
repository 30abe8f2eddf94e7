import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../src/line-splitter.js';

type Event = { line: string } | { overflow: string; bytes: number };

function split(chunks: Buffer[], max: number): Event[] {
  const events: Event[] = [];
  const splitter = new LineSplitter(max, {
    line: (line) => events.push({ line }),
    overflow: (prefix, bytes) => events.push({ overflow: prefix, bytes }),
  });
  for (const chunk of chunks) splitter.push(chunk);
  splitter.end();
  return events;
}

/** Cuts a buffer at the given offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const points = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let start = 0;
  for (const point of points) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  chunks.push(bytes.subarray(start));
  return chunks;
}

describe('LineSplitter', () => {
  it('gives the same lines however the stream is cut into chunks (UTF-8 included)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'grapheme', maxLength: 30 }).map((s) => s.replace(/[\n\r]/g, '')),
          {
            maxLength: 10,
          },
        ),
        fc.array(fc.nat(), { maxLength: 20 }),
        (lines, offsets) => {
          const bytes = Buffer.from(lines.map((l) => `${l}\n`).join(''), 'utf8');
          const events = split(cut(bytes, offsets), 1 << 20);
          expect(events).toEqual(lines.map((line) => ({ line })));
        },
      ),
    );
  });

  it('reports a line over the cap with its first bytes and length, and goes on after it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11, max: 5000 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (size, offsets) => {
          const long = `{"id": 7, ${'x'.repeat(size)}`;
          const bytes = Buffer.from(`short\n${long}\nafter\n`);
          const events = split(cut(bytes, offsets), 10);
          expect(events).toEqual([
            { line: 'short' },
            { overflow: long.slice(0, 1024), bytes: long.length },
            { line: 'after' },
          ]);
        },
      ),
    );
  });

  it('drops a carriage return before the newline and keeps a last line without one', () => {
    expect(split([Buffer.from('a\r\nb')], 100)).toEqual([{ line: 'a' }, { line: 'b' }]);
  });
});
