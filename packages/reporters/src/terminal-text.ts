// Text from engines, suites, records and databases as a terminal may show it. A terminal acts
// on control characters: ESC starts a sequence that colours, moves the cursor, sets the
// window title (OSC 0) or writes the clipboard (OSC 52); BEL rings, backspace and a bare CR
// let a line overwrite itself to look like another; bidirectional overrides reorder what is
// read. Every such character an engine's error, a case id or a stored note carries is shown
// escaped (`\x1b`, `\r`, `\u202e`), so what a reader sees is what the text holds. Tab and
// line feed stay: the board's own layout uses them. The CLI's own colours are added after.

/**
 * Control characters (`\p{Cc}`: C0, DEL and C1, U+009B being a one-character CSI) but tab
 * and line feed, and the bidirectional marks, embeddings, overrides and isolates.
 */
const UNSAFE = /(?![\t\n])\p{Cc}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

const NAMED: Readonly<Record<string, string>> = { '\r': '\\r', '\b': '\\b', '\u001b': '\\x1b' };

function escaped(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** `text` with every control character a terminal would act on shown escaped. */
export function terminalSafe(text: string): string {
  return text.replace(UNSAFE, escaped);
}

/**
 * `value` with every string in it made terminal-safe (keys are ours and left alone): a report
 * or a gate before a text reporter lays it out. Numbers, booleans, null and dates stay.
 */
export function terminalSafeValue<T>(value: T): T {
  return safe(value) as T;
}

function safe(value: unknown): unknown {
  if (typeof value === 'string') return terminalSafe(value);
  if (Array.isArray(value)) return value.map(safe);
  if (value === null || typeof value !== 'object') return value;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) {
    // A Map (a report's results by key) keeps its type; anything else (a Date) is left be.
    if (value instanceof Map) return new Map([...value].map(([k, v]) => [k, safe(v)]));
    return value;
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, safe(v)]));
}
