// The bytes of a published schema file: two-space JSON, LF, one final newline. The same
// document always gives the same text, so a test can compare the committed file with it.

import type { JsonSchema } from './json-schema.js';

/** `document` as the text of its `*.schema.json` file. */
export function schemaText(document: JsonSchema): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
