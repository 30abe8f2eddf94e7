// Text inside the XML a reporter writes (JUnit): every user string (case ids, roles,
// explanations, SQL, engine errors) goes through these, so none can end an attribute, open
// an element or make the file ill-formed.

// Control characters other than tab, line feed and carriage return (XML 1.0 forbids C0
// ones; C1 ones are legal but break readers), U+FFFE and U+FFFF, and unpaired surrogates
// (in a `u` regex a surrogate range matches only unpaired ones, which UTF-8 cannot encode).
const NOT_XML = /(?![\t\n\r])\p{Cc}|[\ufffe\uffff]|[\ud800-\udfff]/gu;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};

/**
 * `text` as XML character data: `&`, `<`, `>` as entities, a carriage return as `&#13;`
 * (a parser would turn CR LF into LF), and control characters, U+FFFE, U+FFFF and unpaired
 * surrogates as U+FFFD.
 */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>\r]/g, (c) => ENTITIES[c] as string);
}

/**
 * `text` as a double- or single-quoted attribute value: the characters of `xmlText`, both
 * quotes, and tab and line breaks as character references, which attribute-value
 * normalisation keeps (a literal newline would be read back as a space).
 */
export function xmlAttribute(text: string): string {
  return text.replace(NOT_XML, '\uFFFD').replace(/[&<>"'\t\n\r]/g, (c) => ENTITIES[c] as string);
}

/** Attributes in the order given; undefined values are left out. */
export type XmlAttributes = ReadonlyArray<readonly [string, string | number | undefined]>;

/** `<name a="1">children</name>`, or `<name a="1"/>` without children. Names are ours. */
export function xmlElement(name: string, attributes: XmlAttributes, children?: string): string {
  const attrs = attributes
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ` ${key}="${xmlAttribute(String(value))}"`)
    .join('');
  return children === undefined || children === ''
    ? `<${name}${attrs}/>`
    : `<${name}${attrs}>${children}</${name}>`;
}
