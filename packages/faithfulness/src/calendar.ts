import { isAsciiLetter, isInlineSpace } from './char-class.js';

// The month and day of a date are positions on a calendar, not quantities read from the
// rows, so they are never checked ("January 22", "22 Jan", "2013-12-22"); the year is.

const MONTHS = new Set([
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

const LONGEST_MONTH = 9;
const MAX_GAP = 3;

/** A capitalised month name or abbreviation ("May", "Sept", "DEC"); lower case "may" is a verb. */
export function isMonthName(word: string): boolean {
  const first = word.charCodeAt(0);
  if (!(first >= 65 && first <= 90)) return false;
  return MONTHS.has(word.toLowerCase());
}

/** True when a month name ends just before `start` ("Jan. 22", "December 2"). Bounded work. */
export function monthNameBefore(text: string, start: number): boolean {
  let i = start;
  let gap = 0;
  while (i > 0 && isInlineSpace(text.charCodeAt(i - 1)) && gap <= MAX_GAP) {
    i--;
    gap++;
  }
  if (gap === 0 || gap > MAX_GAP) return false;
  if (i > 0 && text.charCodeAt(i - 1) === 46) i--; // "Jan. 22"
  const end = i;
  while (i > 0 && isAsciiLetter(text.charCodeAt(i - 1)) && end - i <= LONGEST_MONTH) i--;
  if (end - i > LONGEST_MONTH || end === i) return false;
  if (i > 0 && isAsciiLetter(text.charCodeAt(i - 1))) return false;
  return isMonthName(text.slice(i, end));
}

/** True when a month name follows `end` ("22 January", "22nd of May"). Bounded work. */
export function monthNameAfter(text: string, end: number): boolean {
  let i = skipSpaces(text, end);
  if (i === end) return false;
  const word = readWord(text, i);
  if (word === 'of') {
    const next = skipSpaces(text, i + 2);
    if (next === i + 2) return false;
    i = next;
    return isMonthName(readWord(text, i));
  }
  return isMonthName(word);
}

function skipSpaces(text: string, from: number): number {
  let i = from;
  while (i < text.length && i - from <= MAX_GAP && isInlineSpace(text.charCodeAt(i))) i++;
  return i - from > MAX_GAP ? from : i;
}

function readWord(text: string, from: number): string {
  let i = from;
  while (i < text.length && i - from <= LONGEST_MONTH && isAsciiLetter(text.charCodeAt(i))) i++;
  if (i < text.length && isAsciiLetter(text.charCodeAt(i))) return '';
  return text.slice(from, i);
}

/** A plausible month (1-12) or day (1-31) written with one or two digits. */
export function isMonthNumber(digits: string): boolean {
  if (digits.length < 1 || digits.length > 2) return false;
  const value = Number(digits);
  return value >= 1 && value <= 12;
}

export function isDayNumber(digits: string): boolean {
  if (digits.length < 1 || digits.length > 2) return false;
  const value = Number(digits);
  return value >= 1 && value <= 31;
}
