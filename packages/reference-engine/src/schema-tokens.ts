// Words for lexical search over schema names and questions. Identifiers are split at case
// changes and underscores (InvoiceLine -> invoice, line; BillingCountry -> billing, country)
// and a plural s is dropped, so "tracks per genre" meets Track.GenreId.

const STOPWORDS = new Set(
  'a an and are as at be by did do does each for from has have how i in is it many me much of on or per show that the their there these this those to was we were what when where which who whose with'.split(
    ' ',
  ),
);

function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Lower-cased, stemmed words of `text`, stopwords removed, in order (repeats kept). */
export function schemaTokens(text: string): string[] {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  const out: string[] = [];
  for (const word of spaced.split(/[^a-z0-9]+/)) {
    if (word === '' || STOPWORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}
