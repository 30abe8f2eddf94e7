// Which way the words before a number say it went: "rose by 26.95" states a rise, "fell by
// 26.95" a fall. An unsigned number may state a negative value's size because prose carries
// the sign in words ("fell by 5" for -5); the words then have to be the right ones, or
// "rose by 26.95" would be faithful to -26.95.

/** The direction a clause states for the number that follows. */
export type Direction = 'up' | 'down';

const UP = new Set([
  'rose',
  'rise',
  'rises',
  'risen',
  'rising',
  'increase',
  'increased',
  'increases',
  'increasing',
  'grew',
  'grow',
  'grows',
  'grown',
  'growing',
  'gain',
  'gained',
  'gains',
  'climb',
  'climbed',
  'climbs',
  'jump',
  'jumped',
  'jumps',
  'up',
]);

const DOWN = new Set([
  'fell',
  'fall',
  'falls',
  'fallen',
  'falling',
  'decrease',
  'decreased',
  'decreases',
  'decreasing',
  'drop',
  'dropped',
  'drops',
  'decline',
  'declined',
  'declines',
  'declining',
  'shrank',
  'shrink',
  'shrinks',
  'shrunk',
  'lost',
  'lose',
  'loses',
  'sank',
  'slid',
  'dipped',
  'down',
]);

// How far back the clause is read: bounded, so scanning stays linear in the answer.
const WINDOW = 80;

/**
 * The direction the nearest direction word before `start` in its clause states, or null
 * when there is none. The clause starts after the last `.`, `!`, `?`, `;`, `:` or line
 * break before the number (a `.` between digits is a decimal point, not an end).
 */
export function statedDirection(text: string, start: number): Direction | null {
  let from = Math.max(0, start - WINDOW);
  for (let i = start - 1; i >= from; i--) {
    const c = text[i];
    if (c === '!' || c === '?' || c === ';' || c === ':' || c === '\n') {
      from = i + 1;
      break;
    }
    if (c === '.' && !/\d/.test(text[i - 1] ?? '') && !/\d/.test(text[i + 1] ?? '')) {
      from = i + 1;
      break;
    }
  }
  const words =
    text
      .slice(from, start)
      .toLowerCase()
      .match(/[a-z]+/g) ?? [];
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i] as string;
    if (UP.has(word)) return 'up';
    if (DOWN.has(word)) return 'down';
  }
  return null;
}
