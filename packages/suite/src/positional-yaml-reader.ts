// The positional way to read a suite's YAML: the `yaml` library's document, with a source
// range on every node, so any problem can be placed at its exact line and column. It holds
// about 75 bytes of memory per byte of suite, so the loader uses it only when the fast reader
// (fast-yaml-reader.ts) finds something wrong or steps aside, and only up to
// SUITE_REPARSE_MAX_BYTES. Its messages are the loader's messages since the first release.

import { type DocumentPositions, documentPositions } from '@nl2sql/format';
import {
  type Alias,
  type Document,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
} from 'yaml';
import type { SourceLocation } from './source-location.js';
import { SuiteFormatError } from './suite-format-error.js';

export interface PositionalRead {
  data: unknown;
  /** Where each value starts (for a missing key: the nearest value that exists). */
  positions: DocumentPositions;
  /** Where each item of the top-level sequence `key` starts, and the line of each of its keys. */
  places(key: string, file: string): Array<SourceLocation | undefined>;
}

function itemPlaces(
  doc: Document,
  lineCounter: LineCounter,
  key: string,
  file: string,
): Array<SourceLocation | undefined> {
  const line = (offset: number) => lineCounter.linePos(offset).line;
  const list = doc.get(key, true);
  if (!isSeq(list)) return [];
  return list.items.map((node) => {
    if (!isMap(node) || !node.range) return undefined;
    const fields: Record<string, number> = {};
    for (const pair of node.items)
      if (isScalar(pair.key) && pair.key.range)
        fields[String(pair.key.value)] = line(pair.key.range[0]);
    return { file, line: line(node.range[0]), fields };
  });
}

/**
 * Parses `text` keeping positions. A YAML error or an alias is thrown as a SuiteFormatError
 * (`SUITE_YAML`) at its line; `file` is used in messages only.
 */
export function readYamlWithPositions(text: string, file: string): PositionalRead {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const yamlError = doc.errors[0];
  if (yamlError) {
    const pos = lineCounter.linePos(yamlError.pos[0]);
    throw new SuiteFormatError('SUITE_YAML', yamlError.message.split('\n')[0] ?? 'invalid YAML', {
      file,
      line: pos.line,
      column: pos.col,
    });
  }
  // An alias makes one node stand for another: a reviewer reading a case does not see what
  // it holds, and a few aliases can expand into gigabytes. A suite writes every value out.
  let alias = undefined as Alias | undefined;
  visit(doc, {
    Alias(_, node) {
      alias = node;
      return visit.BREAK;
    },
  });
  if (alias) {
    const pos = alias.range ? lineCounter.linePos(alias.range[0]) : undefined;
    throw new SuiteFormatError(
      'SUITE_YAML',
      `YAML alias *${alias.source} is not allowed in a suite: write the value out`,
      { file, ...(pos ? { line: pos.line, column: pos.col } : {}) },
    );
  }
  let data: unknown;
  try {
    data = doc.toJS({ maxAliasCount: 0 });
  } catch (error) {
    throw new SuiteFormatError('SUITE_YAML', (error as Error).message, { file });
  }
  return {
    data,
    positions: documentPositions(doc, lineCounter),
    places: (key, file) => itemPlaces(doc, lineCounter, key, file),
  };
}
