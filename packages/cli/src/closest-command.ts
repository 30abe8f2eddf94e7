// "did you mean `eval run`?": the command path nearest to what was typed. Paths have one or
// two words, so the first word and the first two words are each compared with the paths of
// that length, and the nearest within a few edits wins.

import leven, { closestMatch } from 'leven';

/** The closest command path to the start of `words`, or undefined when none is near. */
export function closestCommand(
  words: readonly string[],
  paths: readonly (readonly string[])[],
): string | undefined {
  let best: { path: string; distance: number } | undefined;
  for (const length of new Set(paths.map((p) => p.length))) {
    if (words.length < length) continue;
    const typed = words.slice(0, length).join(' ');
    const candidates = paths.filter((p) => p.length === length).map((p) => p.join(' '));
    const maxDistance = Math.max(2, Math.floor(typed.length / 3));
    const match = closestMatch(typed, candidates, { maxDistance });
    if (match === undefined) continue;
    const distance = leven(typed, match);
    if (distance <= maxDistance && (!best || distance < best.distance))
      best = { path: match, distance };
  }
  return best?.path;
}
