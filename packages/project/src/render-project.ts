// evals.yaml text from the file's data, for commands that write a project (`nl2sql init`).
// The data is checked first: a writer must never produce a file the loader refuses. Keys keep
// the order the caller gave, so the same data always gives the same bytes.

import { stringify } from 'yaml';
import { EVALS_FORMAT, type EvalsFile } from './evals-format.js';

/** Where an editor finds the schema of a project whose folder has the CLI installed. */
export const PROJECT_SCHEMA_HINT = './node_modules/@nl2sql/cli/evals.schema.json';

export interface RenderProjectOptions {
  /** The schema the first-line comment points editors to; null for no comment. */
  readonly schema?: string | null;
}

/** The text of an evals.yaml holding `file`. Throws when `file` is not in the format. */
export function renderProjectYaml(file: EvalsFile, options: RenderProjectOptions = {}): string {
  const issues = EVALS_FORMAT.issues(file);
  if (issues.length > 0) {
    const [first] = issues;
    throw new Error(
      `renderProjectYaml: not an evals.yaml: ${first?.path.join('.')}: ${first?.message}`,
    );
  }
  const schema = options.schema === undefined ? PROJECT_SCHEMA_HINT : options.schema;
  const header = schema === null ? '' : `# yaml-language-server: $schema=${schema}\n`;
  return header + stringify(file, { lineWidth: 0, aliasDuplicateObjects: false });
}
