// A line an engine process wrote, quoted in a message: on one line and at most 200
// characters, so a traceback or a megabyte of JSON cannot flood the evaluator's output.

export function lineExcerpt(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > 200 ? `${one.slice(0, 200)}...` : one;
}
