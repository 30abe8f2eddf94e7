// Code in an answer (a fenced SQL block, `LIMIT 10` inline) is how the answer was obtained,
// not a claim about the rows, so it is blanked out before numbers and names are read.
// Blanking keeps every offset and line break, so line starts and neighbours stay true.

/** The text with fenced code blocks and inline code spans replaced by spaces (newlines kept). */
export function blankCode(text: string): string {
  if (text.indexOf('`') < 0 && text.indexOf('~~~') < 0) return text;
  const chars: string[] = [];
  let lineStart = 0;
  let fence: { char: string; length: number } | undefined;
  const n = text.length;
  while (lineStart <= n) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = n;
    const line = text.slice(lineStart, lineEnd);
    const marker = fenceMarker(line);
    if (fence) {
      chars.push(blank(line));
      if (marker && marker.char === fence.char && marker.length >= fence.length && marker.bare) {
        fence = undefined;
      }
    } else if (marker) {
      fence = { char: marker.char, length: marker.length };
      chars.push(blank(line));
    } else {
      chars.push(blankInlineCode(line));
    }
    if (lineEnd < n) chars.push('\n');
    lineStart = lineEnd + 1;
  }
  return chars.join('');
}

interface FenceMarker {
  char: string;
  length: number;
  /** Nothing but the fence on the line: only such a line closes a block. */
  bare: boolean;
}

function fenceMarker(line: string): FenceMarker | undefined {
  let i = 0;
  while (i < line.length && i < 3 && line.charCodeAt(i) === 32) i++;
  const ch = line[i];
  if (ch !== '`' && ch !== '~') return undefined;
  let j = i;
  while (j < line.length && line[j] === ch) j++;
  const length = j - i;
  if (length < 3) return undefined;
  return { char: ch, length, bare: line.slice(j).trim() === '' };
}

function blank(line: string): string {
  return ' '.repeat(line.length);
}

// Inline code: a run of N backticks closes at the next run of exactly N backticks on the line.
function blankInlineCode(line: string): string {
  if (line.indexOf('`') < 0) return line;
  const runs: { start: number; length: number }[] = [];
  for (let i = 0; i < line.length; ) {
    if (line.charCodeAt(i) !== 96) {
      i++;
      continue;
    }
    const start = i;
    while (i < line.length && line.charCodeAt(i) === 96) i++;
    runs.push({ start, length: i - start });
  }
  // nextSame[k] = index of the next run with the same length as run k (one backward pass).
  const nextSame = new Array<number>(runs.length).fill(-1);
  const seen = new Map<number, number>();
  for (let k = runs.length - 1; k >= 0; k--) {
    const length = runs[k]!.length;
    nextSame[k] = seen.get(length) ?? -1;
    seen.set(length, k);
  }
  let out = '';
  let copied = 0;
  for (let k = 0; k < runs.length; k++) {
    const close = nextSame[k]!;
    if (close < 0) continue;
    const from = runs[k]!.start;
    const to = runs[close]!.start + runs[close]!.length;
    out += line.slice(copied, from) + ' '.repeat(to - from);
    copied = to;
    // Skip the runs inside the span; the closer is consumed.
    k = close;
  }
  return out + line.slice(copied);
}
