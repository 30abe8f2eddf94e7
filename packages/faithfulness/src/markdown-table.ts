import { isInlineSpace } from './char-class.js';

// A rank column ("| 1 | Rock | 1,297 |") numbers the rows of a Markdown table the way
// "1." numbers a list: it is a position, not a value. The scanner tells this tracker
// where each line starts, and it counts data rows (after the |---| line) in one pass.

export class MarkdownTable {
  /** The current line's data row number (1, 2, ...), or -1 outside a table body. */
  private row = -1;
  private lineStart = 0;
  /** Where the current line's first cell content starts: -2 not yet computed, -1 none. */
  private firstCell = -2;

  constructor(private readonly text: string) {}

  startLine(at: number): void {
    this.lineStart = at;
    this.firstCell = -2;
    const kind = lineKind(this.text, at);
    if (kind === 'separator') this.row = 0;
    else if (kind === 'row') this.row = this.row >= 0 ? this.row + 1 : -1;
    else this.row = -1;
  }

  /** True when [start, end) is alone in the row's first cell and reads as the row's number. */
  isRankCell(start: number, end: number): boolean {
    if (this.row <= 0) return false;
    if (this.firstCell === -2) this.firstCell = firstCellStart(this.text, this.lineStart);
    if (this.firstCell !== start) return false;
    const text = this.text;
    let j = end;
    while (j < text.length && isInlineSpace(text.charCodeAt(j))) j++;
    if (text.charCodeAt(j) !== 124) return false;
    return text.slice(start, end) === String(this.row);
  }
}

// Computed once per line, so a line of many numbers is still read in linear time.
function firstCellStart(text: string, lineStart: number): number {
  let i = lineStart;
  while (i < text.length && isInlineSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 124) return -1; // |
  i++;
  while (i < text.length && isInlineSpace(text.charCodeAt(i))) i++;
  return i;
}

function lineKind(text: string, at: number): 'separator' | 'row' | 'other' {
  let i = at;
  while (i < text.length && isInlineSpace(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) !== 124) return 'other';
  let dashes = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) break;
    if (c === 45) dashes = true;
    else if (c !== 124 && c !== 58 && !isInlineSpace(c) && c !== 13) return 'row';
  }
  return dashes ? 'separator' : 'row';
}
