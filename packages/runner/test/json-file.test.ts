import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redactor } from '@nl2sql/llm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamed, writeJsonFile } from '../src/index.js';

/**
 * `value` with some of its arrays (chosen by `pick`) turned into streamed lists; an item of a
 * streamed list is written whole, so nothing inside one is streamed.
 */
function streamSome(value: unknown, pick: () => boolean): unknown {
  if (Array.isArray(value)) {
    return pick() ? streamed(value) : value.map((v) => streamSome(v, pick));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, streamSome(v, pick)]));
  }
  return value;
}

const dir = () => mkdtempSync(join(tmpdir(), 'json-file-'));

describe('writeJsonFile', () => {
  it('writes what JSON.stringify(value, null, 2) writes, whichever lists are streamed', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.infiniteStream(fc.boolean()), (value, coins) => {
        const path = join(dir(), 'out.json');
        const it = coins[Symbol.iterator]();
        writeJsonFile(
          path,
          streamSome(value, () => it.next().value as boolean),
        );
        expect(readFileSync(path, 'utf8')).toBe(`${JSON.stringify(value, null, 2)}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('masks every string as redactValue does, streamed items included, keys left alone', () => {
    const redactor = new Redactor(['sk-secret-123456']);
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.constantFrom('sk-secret-123456', 'Bearer sk-secret-123456', 'plain'),
        (value, text) => {
          const doc = { note: text, nested: [{ text, value }], list: streamed([text, { text }]) };
          const plain = { note: text, nested: [{ text, value }], list: [text, { text }] };
          const path = join(dir(), 'out.json');
          writeJsonFile(path, doc, redactor);
          const written = readFileSync(path, 'utf8');
          expect(written).toBe(`${JSON.stringify(redactor.redactValue(plain), null, 2)}\n`);
          expect(written).not.toContain('sk-secret-123456');
        },
      ),
      { numRuns: 100 },
    );
  });

  it('maps a streamed item only when it is written, and leaves no temporary file', () => {
    const made: number[] = [];
    const folder = dir();
    writeJsonFile(join(folder, 'out.json'), {
      items: streamed([1, 2, 3], (n) => {
        made.push(n);
        return { n, undefinedIsLeftOut: undefined };
      }),
    });
    expect(made).toEqual([1, 2, 3]);
    expect(JSON.parse(readFileSync(join(folder, 'out.json'), 'utf8'))).toEqual({
      items: [{ n: 1 }, { n: 2 }, { n: 3 }],
    });
    expect(readdirSync(folder)).toEqual(['out.json']);
  });

  it('refuses a streamed list inside a streamed item rather than write it wrong', () => {
    const path = join(dir(), 'out.json');
    expect(() => writeJsonFile(path, { a: streamed([{ b: streamed([1]) }]) })).toThrow(
      /cannot sit inside a streamed item/,
    );
  });

  it('a failure while writing leaves the target as it was and no temporary file', () => {
    const folder = dir();
    const path = join(folder, 'out.json');
    writeJsonFile(path, { before: true });
    const failing = streamed([1], () => {
      throw new Error('broken item');
    });
    expect(() => writeJsonFile(path, { items: failing })).toThrow('broken item');
    expect(readFileSync(path, 'utf8')).toBe('{\n  "before": true\n}\n');
    expect(readdirSync(folder)).toEqual(['out.json']);
  });
});
