import { describe, expect, it } from 'vitest';
import { parseWithPositions } from '../src/index.js';

const YAML = `name: demo
cases:
  - id: a
    tags: [x, y]
  - id: b
    plan:
      from: { table: T }
`;

describe('document positions', () => {
  it('finds the line of a value in YAML, and of the object holding a missing key', () => {
    const { positions, value } = parseWithPositions(YAML);
    expect(value).toMatchObject({ name: 'demo' });
    expect(positions.locate(['cases', 0, 'tags', 1])?.line).toBe(4);
    expect(positions.locate(['cases', 1, 'plan', 'from', 'table'])?.line).toBe(7);
    expect(positions.locate(['cases', 1, 'missing'])?.line).toBe(5);
    expect(positions.locate([])?.line).toBe(1);
  });

  it('reads JSON with positions too', () => {
    const { positions } = parseWithPositions('{\n  "a": {\n    "b": [1,\n      2]\n  }\n}\n');
    expect(positions.locate(['a', 'b', 1])).toEqual({ line: 4, column: 7 });
  });

  it('reports the first syntax error with its place, and duplicate keys as errors', () => {
    expect(parseWithPositions('a: [1, 2\n').syntaxError?.position.line).toBeGreaterThan(0);
    const duplicate = parseWithPositions('a: 1\nb: 2\na: 3\n');
    expect(duplicate.syntaxError?.position.line).toBe(3);
    expect(duplicate.value).toBeUndefined();
  });

  it('refuses an alias as a syntax error at its place, never expanding it', () => {
    const parsed = parseWithPositions('a: &x [1, 2]\nb: *x\n');
    expect(parsed.value).toBeUndefined();
    expect(parsed.syntaxError).toEqual({
      message: 'YAML alias *x is not allowed: write the value out',
      position: { line: 2, column: 4 },
    });
    // an anchor alone is harmless: nothing stands for anything else
    expect(parseWithPositions('a: &x [1, 2]\n').value).toEqual({ a: [1, 2] });
  });
});
