/**
 * Texts written to break an HTML page, an attribute, an inline JSON block or a script:
 * closing and commenting tags, quotes, entities, line and paragraph separators, controls,
 * unpaired surrogates (JSON can hold them) and markup that runs script.
 */
export const HOSTILE_TEXTS: readonly string[] = [
  '</script><script>window.__pwned=1</script>',
  '</SCRIPT >',
  '<!--',
  '<!-- <script>',
  '-->',
  '<![CDATA[',
  ']]>',
  '<img src=x onerror="window.__pwned=1">',
  '<svg/onload=window.__pwned=1>',
  '"><img src=x onerror=window.__pwned=1>',
  "'><img src=x onerror=window.__pwned=1>",
  '" onmouseover="window.__pwned=1',
  '&amp; &lt;b&gt; &#60;script&#62; &copy',
  'javascript:window.__pwned=1',
  'line\u2028separator\u2029paragraph',
  'nul\u0000bell\u0007esc\u001bdel\u007f',
  'lone \ud800 high and \udc00 low',
  '😀 emoji and é accents and 中文',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the point
  '${x} `backtick` \\u003c',
  '<style>body{display:none}</style>',
  '</style><script>window.__pwned=1</script>',
  '<title>',
  '</textarea></pre></table>',
];
