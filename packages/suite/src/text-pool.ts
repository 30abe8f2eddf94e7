// The text values of a suite being read, each kept once and as a string of its own. A suite
// repeats a few thousand texts (kinds, roles, outcomes, table and column names) hundreds of
// thousands of times, and js-yaml slices each text out of the file's text: a slice keeps
// the whole file's text alive (at two bytes a character as soon as one character is beyond
// Latin-1). Pooled, a 10,000-case suite holds about half the memory (decisions/suite-loading.md).

/** Equal texts as one string, each copied out of the text it was sliced from. */
export class TextPool {
  readonly #texts = new Map<string, string>();

  /** `text`, or the equal string the pool already holds. */
  text(text: string): string {
    const known = this.#texts.get(text);
    if (known !== undefined) return known;
    // A string of its own: JSON's reader builds a fresh string, one byte a character when
    // the text allows, and gives back every string exactly (lone surrogates included).
    const own = JSON.parse(JSON.stringify(text)) as string;
    this.#texts.set(own, own);
    return own;
  }

  /** Distinct texts held. */
  get size(): number {
    return this.#texts.size;
  }
}
