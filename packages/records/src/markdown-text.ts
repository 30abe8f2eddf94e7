/**
 * User text (a note, a config, suite, role or engine name) as it stands in the published
 * Markdown: a table cell, a heading or a sentence. The reader sees the text exactly as
 * the record holds it, and nothing in it can become markup: no HTML, no link, image,
 * emphasis or code span, no cell break, no line break, and never the README's results
 * markers. See decisions/records-page-escaping.md.
 */

/** Characters that mean something to CommonMark or GitHub inline: backslash-escaped. */
// `\` escapes, `` ` `` code spans, `*` `_` emphasis, `~` strikethrough, `[` `]` links,
// images and footnotes, `|` table cells, `#` a heading's closing run, `$` GitHub's math,
// `:` and `@` the scheme and address of GitHub's bare autolinks (`https://...`, `a@b.co`).
// An underscore between two letters or digits (`chinook_v2`, `max_cost`) can neither open
// nor close emphasis in CommonMark, so it is left as it is to keep names readable.
const MARKDOWN_PUNCTUATION = /[\\`*~[\]|#$:@]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** HTML's own characters become entities, which CommonMark renders as the literal text. */
const HTML_ENTITIES: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };

/**
 * `text` made literal Markdown on one line. Empty (or all whitespace) gives ''. The
 * result contains no `<`, `>`, line terminator or unescaped Markdown punctuation.
 */
export function markdownText(text: string): string {
  return oneLine(text)
    .replace(/[<>&]/g, (c) => HTML_ENTITIES[c] as string)
    .replace(MARKDOWN_PUNCTUATION, '\\$&')
    .replace(/(www)\./gi, '$1\\.'); // GitHub links a bare www.host
}

/**
 * Every text that reaches a page goes through this first: one line, well formed, no
 * control characters. Runs of whitespace (every Unicode line terminator included: LF,
 * CR, VT, FF, NEL, LS, PS) become one space and the ends are trimmed; C0 and C1 controls
 * and the bidirectional embedding, override, isolate and mark characters become U+FFFD,
 * so a name cannot reorder what is shown around it; an unpaired surrogate (JSON can hold
 * one) becomes U+FFFD too, as writing it as UTF-8 would, so the page text equals the file.
 */
export function oneLine(text: string): string {
  return wellFormed(text)
    .replace(/[\s\u0085]+/g, ' ')
    .trim()
    .replace(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu, '\ufffd');
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with every unpaired surrogate replaced by U+FFFD (`String#toWellFormed`, ES2024). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}
