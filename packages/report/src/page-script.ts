import { readFileSync } from 'node:fs';

/**
 * The page's script files, in load order: plain browser scripts in src/client (checked by
 * tsconfig.client.json against the DOM), concatenated into one inline script. They ship
 * with the package's src/, so the same path works from src/ and from dist/.
 */
export const CLIENT_FILES = [
  'token-diff.js',
  'case-filter.js',
  'drill-down.js',
  'run-process.js',
  'page.js',
];

let script: string | undefined;

/** The inline script: every client file inside one strict-mode function scope. */
export function pageScript(): string {
  if (script === undefined) {
    const body = CLIENT_FILES.map((file) =>
      readFileSync(new URL(`../src/client/${file}`, import.meta.url), 'utf8'),
    ).join('\n');
    // Inlined as is, so it must not be able to end its own element or open a comment.
    if (/<\/script|<!--/i.test(body)) {
      throw new Error('the page script contains </script or <!--, which would break the page');
    }
    script = `(function () {\n'use strict';\n${body}\n})();`;
  }
  return script;
}
