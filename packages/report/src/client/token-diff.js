// The SQL diff of the drill-down: gold SQL against predicted SQL, token by token, with
// Myers' O((N+M)D) algorithm. A plain browser script (no imports): the page inlines it, and
// tests load it with node:vm.

/** Above this many tokens a side, lines are diffed instead (the trace grows with N x D). */
const MAX_DIFF_TOKENS = 3000;
/** Beyond this many edits the two texts are shown as replaced wholesale. */
const MAX_DIFF_EDITS = 2000;

/**
 * SQL split into the units a reader compares: quoted names and strings, words, numbers,
 * runs of white space, and single punctuation marks.
 * @param {string} text
 * @returns {string[]}
 */
function sqlTokens(text) {
  return (
    text.match(
      /\s+|"(?:[^"]|"")*"?|'(?:[^']|'')*'?|`[^`]*`?|\[[^\]]*\]?|[A-Za-z0-9_$\u0080-\uffff]+|[\s\S]/g,
    ) || []
  );
}

/**
 * @typedef {{ op: '=' | '-' | '+', text: string }} DiffChunk
 */

/**
 * The shortest edit script from `a` to `b` as chunks: `=` kept, `-` only in a, `+` only in
 * b; neighbouring chunks of one kind are merged. Joining the `=` and `-` chunks gives `a`
 * back, joining `=` and `+` gives `b`.
 * @param {string} a
 * @param {string} b
 * @returns {DiffChunk[]}
 */
// biome-ignore lint/correctness/noUnusedVariables: called by page.js, inlined in the same script
function textDiff(a, b) {
  let left = sqlTokens(a);
  let right = sqlTokens(b);
  if (left.length > MAX_DIFF_TOKENS || right.length > MAX_DIFF_TOKENS) {
    left = a.match(/[^\n]*\n|[^\n]+$/g) || [];
    right = b.match(/[^\n]*\n|[^\n]+$/g) || [];
  }
  const ops = myers(left, right);
  /** @type {DiffChunk[]} */
  const chunks = [];
  for (const [op, text] of ops) {
    const last = chunks[chunks.length - 1];
    if (last && last.op === op) last.text += text;
    else chunks.push({ op, text });
  }
  return chunks;
}

/**
 * Myers' greedy diff on token lists, backtracked through the saved frontiers.
 * @param {string[]} a
 * @param {string[]} b
 * @returns {Array<['=' | '-' | '+', string]>}
 */
function myers(a, b) {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  if (max === 0) return [];
  const offset = max + 1;
  /** @type {Int32Array<ArrayBufferLike>} */
  let v = new Int32Array(2 * max + 3);
  /** @type {Int32Array<ArrayBufferLike>[]} */
  const trace = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    if (d > MAX_DIFF_EDITS) {
      /** @type {Array<['=' | '-' | '+', string]>} */
      const replaced = [];
      if (n > 0) replaced.push(['-', a.join('')]);
      if (m > 0) replaced.push(['+', b.join('')]);
      return replaced;
    }
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])
          ? v[offset + k + 1]
          : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  /** @type {Array<['=' | '-' | '+', string]>} */
  const out = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d >= 0; d--) {
    v = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = v[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      out.push(['=', a[x - 1]]);
      x--;
      y--;
    }
    if (d > 0) {
      if (x === prevX) out.push(['+', b[y - 1]]);
      else out.push(['-', a[x - 1]]);
    }
    x = prevX;
    y = prevY;
  }
  return out.reverse();
}
