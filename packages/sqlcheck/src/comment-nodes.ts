// Comments never change a verdict. The parser keeps a comment that sits inside an
// expression as a wrapper node, {"annotated": {"this": <node>, "trailing_comments": [...]}},
// so `SELECT COUNT(*) /* c */ FROM Genre` had an `annotated` node where `SELECT COUNT(*)
// FROM Genre` had a `count`, and every check that looks at kinds (the L3 allow-list, the
// LIMIT and aggregate rules, canonical forms) read the two differently. Every tree is
// unwrapped here, once, as it leaves the parser: each wrapper is replaced by the node it
// wraps. Comments the parser keeps as string fields (`trailing_comments`) are text, never
// nodes, and no check reads them.
import type { Json, JsonObject } from './node.js';
import { isObject } from './node.js';

const WRAPPER = 'annotated';

/** The node a chain of comment wrappers holds (the value itself when it is none). */
function unwrapped(v: Json): Json {
  let cur = v;
  while (isObject(cur)) {
    const keys = Object.keys(cur);
    if (keys.length !== 1 || keys[0] !== WRAPPER) break;
    const body = cur[WRAPPER];
    cur = isObject(body) && body.this !== undefined ? body.this : null;
  }
  return cur;
}

/**
 * Replaces every comment wrapper in the parsed statements by what it wraps, in place. An
 * explicit stack, not recursion: the parser allows trees deeper than the JS stack would.
 */
export function dropCommentNodes(statements: Json[]): Json[] {
  const stack: (Json[] | JsonObject)[] = [statements];
  while (stack.length > 0) {
    const container = stack.pop() as Json[] | JsonObject;
    if (Array.isArray(container)) {
      for (let i = 0; i < container.length; i++) {
        const child = unwrapped(container[i] as Json);
        container[i] = child;
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    } else {
      for (const k in container) {
        const child = unwrapped(container[k] as Json);
        container[k] = child;
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
  }
  return statements;
}
