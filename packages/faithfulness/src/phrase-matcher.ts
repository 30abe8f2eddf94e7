// "Does this name contain a text cell?" is a many-patterns search: an Aho-Corasick
// automaton over the cells (as word-id sequences) answers it in one pass over the name.

export class PhraseMatcher {
  private readonly goto: Map<number, number>[] = [new Map()];
  private readonly fail: number[] = [0];
  private readonly terminal: boolean[] = [false];
  private built = false;

  add(phrase: readonly number[]): void {
    if (phrase.length === 0) return;
    let state = 0;
    for (const symbol of phrase) {
      let to = this.goto[state]!.get(symbol);
      if (to === undefined) {
        to = this.goto.length;
        this.goto.push(new Map());
        this.fail.push(0);
        this.terminal.push(false);
        this.goto[state]!.set(symbol, to);
      }
      state = to;
    }
    this.terminal[state] = true;
    this.built = false;
  }

  private build(): void {
    const queue: number[] = [];
    for (const child of this.goto[0]!.values()) {
      this.fail[child] = 0;
      queue.push(child);
    }
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]!;
      for (const [symbol, child] of this.goto[state]!) {
        let f = this.fail[state]!;
        while (f !== 0 && !this.goto[f]!.has(symbol)) f = this.fail[f]!;
        const target = this.goto[f]!.get(symbol);
        this.fail[child] = target !== undefined && target !== child ? target : 0;
        if (this.terminal[this.fail[child]!]) this.terminal[child] = true;
        queue.push(child);
      }
    }
    this.built = true;
  }

  /** True when some added phrase occurs contiguously in `sequence`. */
  occursIn(sequence: readonly number[]): boolean {
    if (!this.built) this.build();
    let state = 0;
    for (const symbol of sequence) {
      while (state !== 0 && !this.goto[state]!.has(symbol)) state = this.fail[state]!;
      state = this.goto[state]!.get(symbol) ?? 0;
      if (this.terminal[state]) return true;
    }
    return false;
  }
}
