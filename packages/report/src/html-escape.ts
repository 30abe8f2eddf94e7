// Every text that reaches the page goes through one of these. User text (questions, SQL,
// answers, config names, notes, error messages) can hold anything, including markup.

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// Control characters other than tab, line feed and carriage return, and unpaired surrogates
// (in a `u` regex a surrogate range matches only unpaired ones): HTML has no way to show
// them, so they become U+FFFD (as on the published pages).
const UNSHOWABLE = /(?![\t\n\r])\p{Cc}|[\ud800-\udfff]/gu;

/**
 * Text for an HTML text node or a quoted attribute value (double or single quotes): the
 * five markup characters become entities, unshowable characters U+FFFD. Also safe inside
 * SVG (XML) text and attributes.
 */
export function escapeHtml(text: string): string {
  return text.replace(UNSHOWABLE, '\ufffd').replace(/[&<>"']/g, (c) => TEXT_ESCAPES[c] ?? c);
}

/**
 * JSON for a `<script type="application/json">` element: `<`, `>` and `&` as \u escapes so
 * no `</script>` or `<!--` can close or bend the element, and U+2028 / U+2029 escaped so
 * the text is also a valid JavaScript literal. JSON.parse reads it back unchanged.
 */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
