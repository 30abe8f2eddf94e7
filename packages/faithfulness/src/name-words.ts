// A name is compared as its sequence of words: case, accents, apostrophes and punctuation
// are ignored ("Guns N' Roses" = "guns n roses", "Motörhead" = "motorhead", "AC/DC" =
// "ac dc"). Words keep names from matching inside other words ("Rock" is not in "Rocket").

const MARK = /\p{M}/u;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

/** The lower-cased, accent-free words of `text`, in order. */
export function nameWords(text: string): string[] {
  const words: string[] = [];
  let word = '';
  for (const ch of text.normalize('NFKD')) {
    const code = ch.charCodeAt(0);
    if (code < 128) {
      if ((code >= 48 && code <= 57) || (code >= 97 && code <= 122)) word += ch;
      else if (code >= 65 && code <= 90) word += ch.toLowerCase();
      else if (code === 39)
        continue; // apostrophes join: don't -> dont
      else if (word) {
        words.push(word);
        word = '';
      }
      continue;
    }
    if (MARK.test(ch) || code === 0x2019 || code === 0x02bc) continue;
    if (LETTER_OR_NUMBER.test(ch)) word += ch.toLowerCase();
    else if (word) {
      words.push(word);
      word = '';
    }
  }
  if (word) words.push(word);
  return words;
}

/** Gives every distinct word a small integer, so phrases become integer sequences. */
export class Vocabulary {
  private readonly ids = new Map<string, number>();

  /** The word's id, adding it when new. */
  intern(word: string): number {
    let id = this.ids.get(word);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(word, id);
    }
    return id;
  }

  /** The word's id, or -1 for a word no evidence holds. */
  lookup(word: string): number {
    return this.ids.get(word) ?? -1;
  }
}
