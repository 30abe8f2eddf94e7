import { describe, expect, it } from 'vitest';
import { locatedMessage, locateIssue, parseWithPositions } from '../src/index.js';

describe('located messages', () => {
  it('reads file:line: path: message, leaving out what is unknown', () => {
    expect(locatedMessage({ file: 'a.yaml', line: 3 }, ['x', 0], 'is wrong')).toBe(
      'a.yaml:3: x[0]: is wrong',
    );
    expect(locatedMessage({ file: 'a.yaml' }, ['x'], 'is wrong')).toBe('a.yaml: x: is wrong');
    expect(locatedMessage({ file: 'a.yaml', line: 1 }, [], 'is wrong')).toBe('a.yaml:1: is wrong');
  });

  it('places an issue on the line of its field', () => {
    const { positions } = parseWithPositions('a:\n  b: 1\n  c: 2\n');
    const located = locateIssue(
      { path: ['a', 'c'], keyword: 'type', message: 'must be string' },
      'f.yaml',
      positions,
    );
    expect(located).toMatchObject({ file: 'f.yaml', line: 3, column: 6 });
  });
});
