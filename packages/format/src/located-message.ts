// The one shape of a located error message: `file:line: path: message`. The place and the
// field are left out when unknown, never guessed.

import type { DocumentPositions } from './document-positions.js';
import { type FieldPath, fieldName } from './field-path.js';
import type { SchemaIssue } from './schema-issue.js';

/** An issue with the file and line it is at. */
export interface LocatedIssue extends SchemaIssue {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

/** `file:line: path: message`; `file: message` when there is neither line nor path. */
export function locatedMessage(
  place: { readonly file: string; readonly line?: number },
  path: FieldPath,
  message: string,
): string {
  const where = place.line === undefined ? place.file : `${place.file}:${place.line}`;
  const field = fieldName(path);
  return field === '' ? `${where}: ${message}` : `${where}: ${field}: ${message}`;
}

/** `issue` placed in `file` by `positions` (the line of the field, or of its object). */
export function locateIssue(
  issue: SchemaIssue,
  file: string,
  positions: DocumentPositions | undefined,
): LocatedIssue {
  const position = positions?.locate(issue.path);
  return position
    ? { ...issue, file, line: position.line, column: position.column }
    : { ...issue, file };
}
