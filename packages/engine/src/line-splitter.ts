// Splits a byte stream (a child's stdout or stderr) into lines, holding at most `maxBytes`
// of one line: a longer line is not buffered but skipped to its newline, and reported with
// its first bytes and its length. node:readline has no such cap, and an engine that writes
// a gigabyte without a newline must not take the evaluator's memory with it.

/** How much of an over-long line is kept to say what it was. */
const PREFIX_BYTES = 1024;

export interface LineSink {
  line(text: string): void;
  /** A line longer than the cap: its first bytes (as text) and its full length in bytes. */
  overflow(prefix: string, bytes: number): void;
}

export class LineSplitter {
  readonly #max: number;
  readonly #sink: LineSink;
  #parts: Buffer[] = [];
  #size = 0;
  /** Bytes of the current line skipped past the cap, or -1 while within it. */
  #skipped = -1;
  #prefix: Buffer | undefined;

  constructor(maxBytes: number, sink: LineSink) {
    this.#max = maxBytes;
    this.#sink = sink;
  }

  push(chunk: Buffer): void {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline < 0 ? chunk.length : newline;
      this.#take(chunk.subarray(start, end));
      if (newline < 0) return;
      this.#finish();
      start = newline + 1;
    }
  }

  /** The stream ended: a last line without a newline is still a line. */
  end(): void {
    if (this.#size > 0 || this.#skipped >= 0) this.#finish();
  }

  #take(piece: Buffer): void {
    if (piece.length === 0) return;
    if (this.#skipped >= 0) {
      this.#skipped += piece.length;
      const prefix = this.#prefix ?? Buffer.alloc(0);
      if (prefix.length < PREFIX_BYTES) {
        this.#prefix = Buffer.concat([prefix, piece.subarray(0, PREFIX_BYTES - prefix.length)]);
      }
      return;
    }
    if (this.#size + piece.length > this.#max) {
      const all = Buffer.concat([...this.#parts, piece]);
      this.#prefix = all.subarray(0, PREFIX_BYTES);
      this.#skipped = all.length;
      this.#parts = [];
      this.#size = 0;
      return;
    }
    this.#parts.push(piece);
    this.#size += piece.length;
  }

  #finish(): void {
    if (this.#skipped >= 0) {
      const prefix = (this.#prefix ?? Buffer.alloc(0)).toString('utf8');
      const bytes = this.#skipped;
      this.#skipped = -1;
      this.#prefix = undefined;
      this.#sink.overflow(prefix, bytes);
      return;
    }
    let text = Buffer.concat(this.#parts, this.#size).toString('utf8');
    this.#parts = [];
    this.#size = 0;
    if (text.endsWith('\r')) text = text.slice(0, -1);
    this.#sink.line(text);
  }
}
