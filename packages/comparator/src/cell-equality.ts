/**
 * Equality of one gold cell and one result cell under a set of value rules. Directional:
 * the date-label rule lets only the gold side be the shorter label.
 */
import type { PreparedColumn } from './prepared-table.js';
import {
  K_BIG,
  K_BIGSTR,
  K_BYTES,
  K_DATE,
  K_NULL,
  K_NUM,
  K_NUMSTR,
  K_OTHER,
  K_STR,
  labelMatches,
  newReadValue,
  type ReadValue,
  readValue,
  sameCalendarDay,
} from './value-kind.js';
import { datesFlexible, type ValueRules } from './value-rules.js';

const EPS = Number.EPSILON;

/**
 * Numbers within tolerance. The small relative slack absorbs binary rounding, so 2.345 vs
 * 2.35 (exactly 0.005 apart in decimal) is equal at tolerance 0.005.
 */
export function numbersEqual(x: number, y: number, rules: ValueRules): boolean {
  if (x === y) return true;
  if (Number.isNaN(x)) return Number.isNaN(y);
  if (!Number.isFinite(x) || !Number.isFinite(y)) return false;
  if (rules.tolerance === 0 && rules.relTolerance === 0) return false; // exact rules stay exact
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const slack = 8 * EPS * Math.max(ax, ay);
  return Math.abs(x - y) <= rules.tolerance + rules.relTolerance * ay + slack;
}

function bigOf(v: ReadValue): bigint {
  const p = v.payload;
  if (typeof p === 'bigint') return p;
  return BigInt(p as string);
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The one definition of cell equality: a gold cell and a result cell, each read into kind,
 * number and payload (see readValue), under a set of value rules. Every path (prepared
 * columns, source values) ends here, so they cannot disagree.
 */
export function readsEqual(g: ReadValue, r: ReadValue, rules: ValueRules): boolean {
  const kg = g.kind;
  const kr = r.kind;
  if (kg === K_NUM && kr === K_NUM) return numbersEqual(g.num, r.num, rules);
  switch (kg) {
    case K_NULL:
      return kr === K_NULL;
    case K_NUM:
      if (kr === K_NUMSTR) return rules.numericStrings && numbersEqual(g.num, r.num, rules);
      if (kr === K_BIG || kr === K_BIGSTR) {
        return (kr === K_BIG || rules.numericStrings) && numbersEqual(g.num, r.num, rules);
      }
      return false;
    case K_BIG:
      if (kr === K_BIG) return bigOf(g) === bigOf(r);
      if (kr === K_BIGSTR) return rules.numericStrings && bigOf(g) === bigOf(r);
      if (kr === K_NUM) return numbersEqual(g.num, r.num, rules);
      if (kr === K_NUMSTR) return rules.numericStrings && numbersEqual(g.num, r.num, rules);
      return false;
    case K_NUMSTR:
    case K_BIGSTR:
      // Two strings compare as strings: '2009' is not '2009.0'.
      if (kr === K_NUMSTR || kr === K_BIGSTR) return g.payload === r.payload;
      if (kr === K_NUM || kr === K_BIG) {
        if (!rules.numericStrings) return false;
        if (kg === K_BIGSTR && kr === K_BIG) return bigOf(g) === bigOf(r);
        return numbersEqual(g.num, r.num, rules);
      }
      if (kr === K_DATE && rules.dateLabels) {
        return labelMatches(g.payload as string, r.payload as string);
      }
      return false;
    case K_DATE: {
      if (kr !== K_DATE) return false;
      const a = g.payload as string;
      const b = r.payload as string;
      if (a === b) return true;
      if (rules.dateLabels && labelMatches(a, b)) return true;
      return rules.midnightDates && sameCalendarDay(a, b);
    }
    case K_STR:
      return kr === K_STR && g.payload === r.payload;
    case K_BYTES:
      return kr === K_BYTES && bytesEqual(g.payload as Uint8Array, r.payload as Uint8Array);
    case K_OTHER:
      return kr === K_OTHER && Object.is(g.payload, r.payload);
    default:
      return false;
  }
}

const goldRead = newReadValue();
const resultRead = newReadValue();

/** Cell equality of prepared columns: gold row gi against result row ri. */
export function cellsEqual(
  g: PreparedColumn,
  gi: number,
  r: PreparedColumn,
  ri: number,
  rules: ValueRules,
): boolean {
  const kg = g.kind[gi]!;
  const kr = r.kind[ri]!;
  if (kg === K_NUM && kr === K_NUM) return numbersEqual(g.num[gi]!, r.num[ri]!, rules);
  goldRead.kind = kg;
  goldRead.num = g.num[gi]!;
  // Numbers and nulls need no payload; reading one would visit the source row.
  goldRead.payload = kg === K_NUM || kg === K_NULL ? undefined : g.payloadAt(gi);
  resultRead.kind = kr;
  resultRead.num = r.num[ri]!;
  resultRead.payload = kr === K_NUM || kr === K_NULL ? undefined : r.payloadAt(ri);
  return readsEqual(goldRead, resultRead, rules);
}

const TWO_53 = 2 ** 53;

/** A number read as K_NUM (not an integer at or beyond 2^53, which reads as K_BIG). */
function plainNumber(x: number): boolean {
  return (x < TWO_53 && x > -TWO_53) || !Number.isFinite(x);
}

/**
 * Cell equality straight from source values (a gold value, a result value), with no
 * prepared table: identical values first, then plain numbers inline, then readsEqual.
 */
export function valuesEqual(a: unknown, b: unknown, rules: ValueRules): boolean {
  if (a === b) return true;
  if (typeof a === 'number' && typeof b === 'number' && plainNumber(a) && plainNumber(b)) {
    return numbersEqual(a === 0 ? 0 : a, b === 0 ? 0 : b, rules);
  }
  readValue(a, goldRead);
  readValue(b, resultRead);
  return readsEqual(goldRead, resultRead, rules);
}

/**
 * Column signatures that two columns must share to hold matching multisets of values.
 * A necessary condition only; the row check decides.
 */
export function signaturesCompatible(
  g: PreparedColumn,
  r: PreparedColumn,
  rules: ValueRules,
): boolean {
  const a = g.sig;
  const b = r.sig;
  if (a.nNull !== b.nNull) return false;
  if (a.nExact !== b.nExact || a.exactSumA !== b.exactSumA || a.exactSumB !== b.exactSumB) {
    return false;
  }
  const numericA = a.nNum + a.nBig + a.nNumStr + a.nBigStr;
  const numericB = b.nNum + b.nBig + b.nNumStr + b.nBigStr;
  if (datesFlexible(rules)) {
    // Gold labels ('2009', '2013-02') may answer result dates, and a day its midnight
    // timestamp; dates are not compared by text, and nothing else crosses over.
    if (a.nDate > b.nDate || numericB > numericA) return false;
  } else {
    if (a.nDate !== b.nDate || a.dateSumA !== b.dateSumA || a.dateSumB !== b.dateSumB) {
      return false;
    }
    if (numericA !== numericB) return false;
  }
  if (!rules.numericStrings) {
    // Strings only ever equal strings here.
    if (a.nNumStr !== b.nNumStr || a.nBigStr !== b.nBigStr) return false;
  } else if (a.nNumStr + a.nBigStr + b.nNumStr + b.nBigStr > 0) {
    return true; // spelled numbers cross over to numbers: counts and sums say nothing more
  }
  if (rules.tolerance >= 0.5) return true;
  if (a.nNum + a.nBig !== b.nNum + b.nBig) return false;
  // A relative tolerance can make a huge double equal a bigint; keep only the count check then.
  if (rules.relTolerance > 0 && (a.nBig > 0 || b.nBig > 0)) return true;
  if (a.nNum !== b.nNum) return false;
  if (a.nNaN !== b.nNaN || a.nPosInf !== b.nPosInf || a.nNegInf !== b.nNegInf) return false;
  const finite = a.nNum - a.nNaN - a.nPosInf - a.nNegInf;
  if (finite === 0) return true;
  const slackFor = (x: number) =>
    rules.tolerance + rules.relTolerance * Math.abs(x) + 8 * EPS * Math.abs(x);
  if (Math.abs(a.min - b.min) > slackFor(b.min)) return false;
  if (Math.abs(a.max - b.max) > slackFor(b.max)) return false;
  const sumSlack =
    finite * rules.tolerance + rules.relTolerance * b.sumAbs + 1e-9 * (a.sumAbs + b.sumAbs);
  return Math.abs(a.sum - b.sum) <= sumSlack;
}
