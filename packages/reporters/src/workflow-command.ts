// GitHub Actions workflow commands (`::error file=F,line=L,title=T::message`), escaped as
// the runner unescapes them, so no case id, explanation or engine text can end the message,
// start a second command on a new line, or break out of a property. GitHub's log shows the
// message as a terminal would (colours included), so control characters are shown escaped
// first (terminal-text.ts): a bare CR or an ESC sequence cannot make it read as another.

import { terminalSafe } from './terminal-text.js';

/** A command's message: `%`, CR and LF percent-encoded. */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A property value: as a message, and `:` and `,` too (they delimit properties). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The annotation levels GitHub shows. */
export type AnnotationLevel = 'error' | 'warning' | 'notice';

/** Where an annotation points and its title; undefined properties are left out. */
export interface AnnotationProperties {
  readonly file?: string;
  readonly line?: number;
  readonly title?: string;
}

/** One annotation command line. */
export function annotation(
  level: AnnotationLevel,
  message: string,
  properties: AnnotationProperties = {},
): string {
  const props = (['file', 'line', 'title'] as const)
    .filter((key) => properties[key] !== undefined)
    .map((key) => `${key}=${escapeProperty(terminalSafe(String(properties[key])))}`)
    .join(',');
  return `::${level}${props === '' ? '' : ` ${props}`}::${escapeData(terminalSafe(message))}`;
}
