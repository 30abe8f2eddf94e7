// "Does any text cell, column name or the question contain this name?" is a substring
// query. A suffix automaton over all of them (as word-id sequences) answers it in time
// linear in the name's length, however many cells there are; building it is linear in
// the total evidence.

export class SuffixAutomaton {
  private readonly next: Map<number, number>[] = [new Map()];
  private readonly link: number[] = [-1];
  private readonly length: number[] = [0];
  private last = 0;

  /** Appends one symbol. A separator symbol no query contains keeps sources apart. */
  extend(symbol: number): void {
    const cur = this.next.length;
    this.next.push(new Map());
    this.length.push(this.length[this.last]! + 1);
    this.link.push(0);
    let p = this.last;
    while (p !== -1 && !this.next[p]!.has(symbol)) {
      this.next[p]!.set(symbol, cur);
      p = this.link[p]!;
    }
    if (p !== -1) {
      const q = this.next[p]!.get(symbol)!;
      if (this.length[p]! + 1 === this.length[q]) {
        this.link[cur] = q;
      } else {
        const clone = this.next.length;
        this.next.push(new Map(this.next[q]!));
        this.length.push(this.length[p]! + 1);
        this.link.push(this.link[q]!);
        while (p !== -1 && this.next[p]!.get(symbol) === q) {
          this.next[p]!.set(symbol, clone);
          p = this.link[p]!;
        }
        this.link[q] = clone;
        this.link[cur] = clone;
      }
    }
    this.last = cur;
  }

  /** True when `sequence` occurs contiguously in what was appended. */
  contains(sequence: readonly number[]): boolean {
    let state = 0;
    for (const symbol of sequence) {
      const to = this.next[state]!.get(symbol);
      if (to === undefined) return false;
      state = to;
    }
    return true;
  }
}
