// Lines and columns of the values in a YAML or JSON file (JSON is YAML), so an issue found
// in the parsed data can name the line it came from.

import { type Alias, type Document, isNode, LineCounter, parseDocument, visit } from 'yaml';
import type { FieldPath } from './field-path.js';

/** A 1-based line and column. */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Where the values of one parsed document are. */
export interface DocumentPositions {
  /**
   * Where the value at `path` starts; for a path into something that does not exist (a
   * missing key), where the deepest value on the path that does exist starts.
   */
  locate(path: FieldPath): Position | undefined;
}

/** The positions of an already parsed document (parsed with `lineCounter`). */
export function documentPositions(doc: Document, lineCounter: LineCounter): DocumentPositions {
  return {
    locate(path) {
      for (let length = path.length; length >= 0; length--) {
        const node = doc.getIn(path.slice(0, length), true);
        if (isNode(node) && node.range) {
          const { line, col } = lineCounter.linePos(node.range[0]);
          return { line, column: col };
        }
      }
      return undefined;
    },
  };
}

/** A YAML or JSON text's data, its positions, and its first syntax error, if any. */
export interface ParsedText {
  readonly value: unknown;
  readonly positions: DocumentPositions;
  /** The first syntax error with its place; the value is not to be used when present. */
  readonly syntaxError?: { readonly message: string; readonly position: Position };
}

/**
 * Parses YAML or JSON text keeping positions. Duplicate keys are syntax errors; aliases
 * are not expanded (a format file writes every value out).
 */
export function parseWithPositions(text: string): ParsedText {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const positions = documentPositions(doc, lineCounter);
  const error = doc.errors[0];
  if (error) {
    const { line, col } = lineCounter.linePos(error.pos[0]);
    return {
      value: undefined,
      positions,
      syntaxError: {
        message: error.message.split('\n')[0] ?? 'invalid syntax',
        position: { line, column: col },
      },
    };
  }
  // An alias makes one node stand for another (and a few can expand into gigabytes): refused
  // as a located syntax error, where the YAML library would throw a bare ReferenceError.
  let alias: Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      alias = node;
      return visit.BREAK;
    },
  });
  if (alias !== undefined) {
    const { line, col } = lineCounter.linePos(alias.range?.[0] ?? 0);
    return {
      value: undefined,
      positions,
      syntaxError: {
        message: `YAML alias *${alias.source} is not allowed: write the value out`,
        position: { line, column: col },
      },
    };
  }
  return { value: doc.toJS({ maxAliasCount: 0 }), positions };
}
