// Words for lexical search (BM25) over schema names, descriptions and questions, in any mix of
// Latin and CJK scripts. Latin text follows the reference engine's rules: identifiers split at
// case changes and underscores (InvoiceLine -> invoice, line), lower case, English stopwords
// dropped, a plural s removed. Chinese, Japanese and Korean are written without spaces
// between words, so a whitespace tokenizer would turn a whole question into one token that
// matches nothing; each run of CJK characters becomes its overlapping character bigrams
// instead (客户名称 -> 客户, 户名, 名称), and a lone CJK character stays a token of its own.
// Bigrams need no dictionary, so the tokens are the same on every machine (ICU's word
// segmenter changes with the ICU version).

const STOPWORDS = new Set(
  'a an and are as at be by did do does each for from has have how i in is it many me much of on or per show that the their there these this those to was we were what when where which who whose with'.split(
    ' ',
  ),
);

/** Runs of Han, Hiragana, Katakana or Hangul characters (and the prolonged sound mark ー). */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u30fc]+/gu;

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function latinTokens(text: string, out: string[]): void {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  for (const word of spaced.split(/[^a-z0-9]+/)) {
    if (word === '' || STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
}

function cjkTokens(run: string, out: string[]): void {
  const chars = [...run];
  if (chars.length === 1) {
    out.push(run);
    return;
  }
  for (let i = 0; i + 1 < chars.length; i++) out.push(`${chars[i]}${chars[i + 1]}`);
}

/**
 * Search tokens of `text`, in order, repeats kept (BM25 counts them). The text is NFKC
 * normalised first, so full-width letters and digits (ＳＱＬ, ２０２４) read as ASCII.
 */
export function searchTokens(text: string): string[] {
  const normalized = text.normalize('NFKC');
  const out: string[] = [];
  let last = 0;
  for (const match of normalized.matchAll(CJK_RUN)) {
    latinTokens(normalized.slice(last, match.index), out);
    cjkTokens(match[0], out);
    last = match.index + match[0].length;
  }
  latinTokens(normalized.slice(last), out);
  return out;
}
