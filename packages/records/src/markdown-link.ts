import { markdownText, wellFormed } from './markdown-text.js';

/**
 * `[text](destination)` for a relative path the page links to (a record file, the
 * benchmarks page). The path is `/`-separated and each segment percent-encoded, so a
 * file or folder name with a space, a parenthesis, `<`, a backtick or a colon can neither
 * end the link nor give it a scheme (`javascript:`): the link always stays a relative
 * path to the file it names. The text is escaped as any user text.
 */
export function markdownLink(text: string, path: string): string {
  return `[${markdownText(text)}](${linkDestination(path)})`;
}

/** `![alt](destination)`: an image at a relative path, encoded as `markdownLink` encodes it. */
export function markdownImage(alt: string, path: string): string {
  return `!${markdownLink(alt, path)}`;
}

/** A relative `/`-separated path as a link destination: each segment percent-encoded. */
export function linkDestination(path: string): string {
  return path
    .split('/')
    .map((segment) =>
      // encodeURIComponent leaves parentheses as they are, and an unbalanced one would end
      // the destination; it throws on an unpaired surrogate, so those become U+FFFD first.
      encodeURIComponent(wellFormed(segment)).replace(/\(/g, '%28').replace(/\)/g, '%29'),
    )
    .join('/');
}
