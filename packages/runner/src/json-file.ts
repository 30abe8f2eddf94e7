import { closeSync, mkdirSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Redactor } from '@nl2sql/llm';

/**
 * A list written to a JSON file item by item: each item is made (`map`), masked and written
 * only when its turn comes, then dropped, so a report of 30,000 case runs never exists as
 * a second copy of the list, nor as one string.
 */
export class Streamed<T = unknown> {
  constructor(
    readonly items: Iterable<T>,
    readonly map: (item: T) => unknown = (item) => item,
  ) {}

  /** Each item is written whole by JSON.stringify, so it holds no streamed list itself. */
  toJSON(): never {
    throw new TypeError(
      'a streamed list cannot sit inside a streamed item: stream the outer list only',
    );
  }
}

/** `items` to be written one at a time, each through `map` (see Streamed). */
export function streamed<T>(items: Iterable<T>, map?: (item: T) => unknown): Streamed<T> {
  return new Streamed(items, map);
}

/** Bytes gathered before a write: few system calls, a bounded buffer. */
const FLUSH_AT = 1024 * 1024;

const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/** A value JSON.stringify leaves out of an object (and writes as null in an array). */
const omitted = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

/**
 * Writes `value` as `JSON.stringify(value, null, 2)` followed by a newline would, byte for
 * byte, without building that string: plain objects and arrays are walked, `Streamed`
 * lists are written item by item, each item by one JSON.stringify. Every string value passes through `redactor` (keys are
 * ours and left alone), as `redactor.redactValue` would mask them, without copying the
 * value first. The file is written under a temporary name and renamed over `path`, so a
 * reader never sees half a report.
 */
export function writeJsonFile(path: string, value: unknown, redactor?: Redactor): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  const fd = openSync(temp, 'w');
  let pending: string[] = [];
  let size = 0;
  const flush = () => {
    const bytes = Buffer.from(pending.join(''), 'utf8');
    let done = 0;
    while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
    pending = [];
    size = 0;
  };
  const out = (text: string) => {
    pending.push(text);
    size += text.length;
    if (size >= FLUSH_AT) flush();
  };
  const mask = redactor ? (text: string) => redactor.redact(text) : (text: string) => text;

  // Strings masked as JSON.stringify meets them: no masked copy of the value is made.
  const replacer = redactor
    ? (_key: string, v: unknown) => (typeof v === 'string' ? redactor.redact(v) : v)
    : undefined;

  /**
   * A value through JSON.stringify (natively, in one call: a streamed item, or a value with
   * its own toJSON), continuation lines indented by `pad`.
   */
  const whole = (item: unknown, pad: string): string => {
    const text = JSON.stringify(item, replacer, 2);
    return text === undefined ? 'null' : pad === '' ? text : text.replace(/\n/g, `\n${pad}`);
  };

  const write = (item: unknown, pad: string): void => {
    if (typeof item === 'string') {
      out(JSON.stringify(mask(item)));
    } else if (typeof item !== 'object' || item === null) {
      out(JSON.stringify(item));
    } else if (item instanceof Streamed) {
      // Each item made, written and dropped in turn.
      list(item.items, pad, (each) => {
        out(whole(item.map(each), `${pad}  `));
      });
    } else if (Array.isArray(item)) {
      list(item, pad, (each) => {
        if (omitted(each)) out('null');
        else write(each, `${pad}  `);
      });
    } else if (
      !isPlainObject(item) ||
      typeof (item as { toJSON?: unknown }).toJSON === 'function'
    ) {
      out(whole(item, pad));
    } else {
      const entries = Object.entries(item).filter(([, v]) => !omitted(v));
      if (entries.length === 0) {
        out('{}');
        return;
      }
      out('{');
      entries.forEach(([key, v], i) => {
        out(`${i === 0 ? '' : ','}\n${pad}  ${JSON.stringify(key)}: `);
        write(v, `${pad}  `);
      });
      out(`\n${pad}}`);
    }
  };

  const list = <T>(items: Iterable<T>, pad: string, each: (item: T) => void): void => {
    let first = true;
    for (const item of items) {
      out(first ? `[\n${pad}  ` : `,\n${pad}  `);
      first = false;
      each(item);
    }
    out(first ? '[]' : `\n${pad}]`);
  };

  let open = true;
  try {
    write(value, '');
    out('\n');
    flush();
    open = false;
    closeSync(fd);
    renameSync(temp, path);
  } catch (error) {
    // A full disk, a failed rename: no half-written temporary file is left beside the target.
    if (open) closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
}
