import { blankCode } from './code-spans.js';
import { absDecimal, approximate, negateDecimal } from './decimal.js';
import { buildEvidence, type Evidence, type ResultRows } from './evidence.js';
import { nameWords } from './name-words.js';
import { type NameClaim, scanNamesIn } from './names.js';
import { type NumberClaim, type NumberVisitor, numberClaim, visitNumbers } from './numbers.js';

/** The written answer: its summary and its content (either may be absent). */
export interface AnswerText {
  readonly summary?: string | null;
  readonly content?: string | null;
}

/** The scorer's verdict, as the result record carries it. */
export interface FaithfulnessVerdict {
  /** True when every number and name checked is supported. */
  readonly faithful: boolean;
  /** Unsupported numbers as written, each once, in the order they first appear. */
  readonly unsupported_numbers: string[];
  /** Unsupported quoted or bold names as written, each once, in order. */
  readonly unsupported_entities: string[];
  /** How many numbers and names were checked (every occurrence counts). */
  readonly checked: number;
}

/**
 * Checks every number and every quoted or bold name in an answer's summary and content
 * against the rows it was written from and the question it answers. Deterministic, no
 * model, linear in the answer's length.
 */
export function checkAnswer(
  answer: AnswerText,
  result: ResultRows,
  question?: string | null,
): FaithfulnessVerdict {
  const evidence = buildEvidence(result, question ?? '');
  // Verdicts depend only on what is written, and long answers repeat themselves. Each
  // distinct token is judged once, which also lists each unsupported one once, in order.
  const numberVerdicts = new Map<string, boolean>();
  const nameVerdicts = new Map<string, boolean>();
  const unsupportedNumbers: string[] = [];
  const unsupportedNames: string[] = [];
  // One name can be written several ways ("Polka", "polka"); each way is listed once.
  const reportedNames = new Set<string>();
  let checked = 0;
  const visit: NumberVisitor = (text, start, end, body, power, percent, sign) => {
    checked++;
    const written = text.slice(start, end);
    if (numberVerdicts.has(written)) return;
    const claim = numberClaim(text, start, end, body, power, percent, sign);
    const supported = numberIsSupported(claim, evidence);
    numberVerdicts.set(written, supported);
    if (!supported) unsupportedNumbers.push(written);
  };
  for (const part of [answer.summary, answer.content]) {
    if (!part) continue;
    const text = blankCode(part);
    visitNumbers(text, visit);
    for (const claim of scanNamesIn(text)) {
      const words = nameWords(claim.written);
      if (words.length === 0) continue;
      checked++;
      const key = words.join(' ');
      let supported = nameVerdicts.get(key);
      if (supported === undefined) {
        supported = nameIsSupported(words, evidence);
        nameVerdicts.set(key, supported);
      }
      if (!supported && !reportedNames.has(claim.written)) {
        reportedNames.add(claim.written);
        unsupportedNames.push(claim.written);
      }
    }
  }
  return {
    faithful: unsupportedNumbers.length === 0 && unsupportedNames.length === 0,
    unsupported_numbers: unsupportedNumbers,
    unsupported_entities: unsupportedNames,
    checked,
  };
}

/**
 * A number is supported when, at its written precision, it is a value in the rows, the row
 * count or a numeric column's sum; a percentage may also be a share times 100; any number
 * may repeat one inside a text cell or the question. An unsigned number may state a
 * negative value's size, since prose often carries the sign in words ("fell by 5"), unless
 * its clause says it went up ("rose by 5" is not -5).
 */
export function numberIsSupported(claim: NumberClaim, evidence: Evidence): boolean {
  const { value, unitExp } = claim;
  const centre = approximate(value);
  const magnitude = absDecimal(value);
  if (evidence.textNumbers.hasRoundingTo(magnitude, unitExp, Math.abs(centre))) return true;
  if (evidence.values.hasRoundingTo(value, unitExp, centre)) return true;
  if (claim.percent && evidence.shares.hasRoundingTo(value, unitExp, centre)) return true;
  if (claim.sign !== 'none' || value.coef === 0n || claim.direction === 'up') return false;
  const negative = negateDecimal(value);
  if (evidence.values.hasRoundingTo(negative, unitExp, -centre)) return true;
  return claim.percent && evidence.shares.hasRoundingTo(negative, unitExp, -centre);
}

/** A text cell, a column name or the question contains the name, or it contains a text cell. */
export function nameIsSupported(words: readonly string[], evidence: Evidence): boolean {
  const ids = words.map((word) => evidence.vocabulary.lookup(word));
  if (!ids.includes(-1) && evidence.haystack.contains(ids)) return true;
  return evidence.cells.occursIn(ids);
}

export type { NameClaim, NumberClaim };
