import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PlanCompileError, quoteIdentifier, quoteLiteral } from '../src/index.js';

describe('quoteIdentifier', () => {
  it('double-quotes and doubles embedded quotes', () => {
    expect(quoteIdentifier('InvoiceDate')).toBe('"InvoiceDate"');
    expect(quoteIdentifier('order')).toBe('"order"');
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
  });

  it('refuses empty names and NUL', () => {
    expect(() => quoteIdentifier('')).toThrow(PlanCompileError);
    expect(() => quoteIdentifier('a\0')).toThrow(/NUL/);
  });

  it('round-trips: removing the outer quotes and undoubling gives the name back', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((s) => !s.includes('\0')),
        (name) => {
          const quoted = quoteIdentifier(name);
          expect(quoted.slice(1, -1).replaceAll('""', '"')).toBe(name);
          // No lone double quote can end the identifier early.
          expect(quoted.slice(1, -1).replaceAll('""', '')).not.toContain('"');
        },
      ),
    );
  });
});

describe('quoteLiteral', () => {
  it('writes each kind of constant per dialect', () => {
    expect(quoteLiteral("it's", 'sqlite')).toBe("'it''s'");
    expect(quoteLiteral(null, 'postgres')).toBe('NULL');
    expect(quoteLiteral(true, 'sqlite')).toBe('1');
    expect(quoteLiteral(true, 'postgres')).toBe('TRUE');
    expect(quoteLiteral(-2.5, 'sqlite')).toBe('(-2.5)');
    expect(quoteLiteral(1e21, 'postgres')).toBe('1e+21');
  });

  it('refuses non-finite numbers and NUL', () => {
    expect(() => quoteLiteral(Number.NaN, 'sqlite')).toThrow(PlanCompileError);
    expect(() => quoteLiteral('\0', 'postgres')).toThrow(PlanCompileError);
  });

  it('round-trips strings: no lone single quote survives inside', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('\0')),
        (text) => {
          const quoted = quoteLiteral(text, 'sqlite');
          expect(quoted.slice(1, -1).replaceAll("''", "'")).toBe(text);
          expect(quoted.slice(1, -1).replaceAll("''", '')).not.toContain("'");
        },
      ),
    );
  });

  it('writes a PostgreSQL string that reads the same with standard_conforming_strings on or off', () => {
    expect(quoteLiteral('a\\b', 'postgres')).toBe("E'a\\\\b'");
    expect(quoteLiteral("\\'", 'postgres')).toBe("E'\\\\'''");
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', "'", '\\', '%', '_', 'é') }), (text) => {
        const quoted = quoteLiteral(text, 'postgres');
        const escaped = quoted.startsWith("E'");
        const body = quoted.slice(escaped ? 2 : 1, -1);
        // Off (and E''): backslash escapes the next character; on: '' is the only escape.
        const off = body.replace(/\\(.)|''/gs, (_m, c: string | undefined) => c ?? "'");
        const on = body.replaceAll("''", "'");
        expect(off).toBe(text);
        if (!escaped) expect(on).toBe(text);
        expect(escaped).toBe(text.includes('\\'));
      }),
    );
  });
});
