import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldName, jsonPointer, pointerPath } from '../src/index.js';

describe('field paths', () => {
  it('reads a JSON pointer into keys and indexes, undoing RFC 6901 escapes', () => {
    expect(pointerPath('')).toEqual([]);
    expect(pointerPath('/cases/3/plan/select/0')).toEqual(['cases', 3, 'plan', 'select', 0]);
    expect(pointerPath('/sub~1query~0')).toEqual(['sub/query~']);
  });

  it('writes a pointer back, escaping what a key may hold', () => {
    expect(jsonPointer(['sub/query~', 2])).toBe('/sub~1query~0/2');
    expect(jsonPointer([])).toBe('');
  });

  it('round-trips any path whose keys are not numerals', () => {
    const segment = fc.oneof(
      fc.nat({ max: 10_000 }),
      fc.string().filter((s) => !/^(0|[1-9]\d*)$/.test(s)),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 6 }), (path) => {
        expect(pointerPath(jsonPointer(path))).toEqual(path);
      }),
    );
  });

  it('names a field the way a person reads it', () => {
    expect(fieldName(['tags', 2])).toBe('tags[2]');
    expect(fieldName(['plan', 'select', 0, 'expr'])).toBe('plan.select[0].expr');
    expect(fieldName([])).toBe('');
  });
});
