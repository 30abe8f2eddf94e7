import { annotation, escapeData, escapeProperty, terminalSafe } from '@nl2sql/reporters';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { HOSTILE } from './reporter-fixture.js';

/** How the GitHub Actions runner reads a command line back (its unescaping rules). */
function readCommand(line: string) {
  const match = /^::(\w+)(?: ([^:]*))?::(.*)$/s.exec(line);
  if (!match) throw new Error(`not a workflow command: ${line}`);
  const unescapeData = (s: string) =>
    s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const unescapeProperty = (s: string) => unescapeData(s.replace(/%3A/g, ':').replace(/%2C/g, ','));
  const properties = Object.fromEntries(
    (match[2] ?? '')
      .split(',')
      .filter((p) => p !== '')
      .map((p) => {
        const at = p.indexOf('=');
        return [p.slice(0, at), unescapeProperty(p.slice(at + 1))];
      }),
  );
  return { command: match[1], properties, message: unescapeData(match[3] ?? '') };
}

describe('workflow commands', () => {
  test('escapes %, CR and LF in a message, and : and , too in a property', () => {
    expect(escapeData('50% done\r\nnext')).toBe('50%25 done%0D%0Anext');
    expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
    expect(annotation('error', 'why', { file: 'suites/a,b.yaml', line: 12, title: 'x: y' })).toBe(
      '::error file=suites/a%2Cb.yaml,line=12,title=x%3A y::why',
    );
    expect(annotation('notice', 'plain')).toBe('::notice::plain');
  });

  // Read back as written, control characters shown escaped (issue 25: a bare CR or an ESC
  // sequence in an annotation could make it read as something else).
  test('a hostile case id or message stays one line and one command, and reads back as written', () => {
    const line = annotation('warning', HOSTILE, { file: HOSTILE, line: 3, title: HOSTILE });
    expect(line.split('\n')).toHaveLength(1);
    expect(line).not.toContain('\r');
    expect(readCommand(line)).toEqual({
      command: 'warning',
      properties: { file: terminalSafe(HOSTILE), line: '3', title: terminalSafe(HOSTILE) },
      message: terminalSafe(HOSTILE),
    });
  });

  test('property: any message, file and title round-trip, on one line, with only our properties', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary' }),
        fc.string(),
        fc.string(),
        (message, file, title) => {
          const line = annotation('error', message, { file, title });
          expect(line).not.toMatch(/[\r\n]/);
          const read = readCommand(line);
          expect(read.message).toBe(terminalSafe(message));
          expect(read.properties).toEqual({ file: terminalSafe(file), title: terminalSafe(title) });
        },
      ),
      { numRuns: 500 },
    );
  });
});
