import { markdownText, oneLine } from './markdown-text.js';

/**
 * User text shown as code (a suite name, a digest, a commit): a code span when one can
 * hold it literally, else the same text escaped as plain Markdown. Nothing inside a code
 * span can be escaped, so a span is used only for text without `<`, `>`, `&` (the source
 * would then hold raw HTML or a results marker) and without `|` (a table would split the
 * cell there). Backticks are held by a fence one longer than the longest backtick run in
 * the text. An empty text shows as a dash, as an empty cell does. See
 * decisions/records-page-escaping.md.
 */
export function codeSpan(text: string): string {
  const line = oneLine(text);
  if (line === '') return '-';
  if (/[<>&|]/.test(line)) return markdownText(text);
  const longestRun = Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  // CommonMark strips one space from each end when both ends have one, so a text that
  // starts or ends with a backtick (which would join the fence) is padded with a space
  // on both sides, and the padding is what is stripped. `oneLine` already trimmed spaces.
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}
