// Every text that reaches the page goes through one of these. User text (questions, SQL,
// answers, config names, notes, error messages) can hold anything, including markup.

const TEXT_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

// C0 controls other than tab, line feed and carriage return, DEL, and unpaired surrogates:
// HTML has no way to show them, so they become U+FFFD (as on the published pages).
const UNSHOWABLE =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

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
