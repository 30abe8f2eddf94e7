// A project file that cannot be used. The message is the one located shape of the project
// (`evals.yaml:LINE: path: message`), so the CLI prints it as it is; it never carries a
// value read from the environment, and no stack (it is the user's to fix, not a crash).

import { type FieldPath, fieldName, locatedMessage } from '@nl2sql/format';

/**
 * - PROJECT_READ: the file cannot be read (missing, a directory, no permission);
 * - PROJECT_YAML: not YAML, or YAML a project may not use (aliases);
 * - PROJECT_SCHEMA: YAML, but not the evals.yaml format (a wrong type, an unknown key ...);
 * - PROJECT_ENV: a `${env:VAR}` whose variable is not set, or a malformed reference;
 * - PROJECT_REFERENCE: a name that names nothing (default_engine, a policy role of a
 *   datasource).
 */
export type ProjectErrorCode =
  | 'PROJECT_READ'
  | 'PROJECT_YAML'
  | 'PROJECT_SCHEMA'
  | 'PROJECT_ENV'
  | 'PROJECT_REFERENCE';

export interface ProjectErrorPlace {
  readonly file: string;
  /** 1-based line, when the problem has a place in the file. */
  readonly line?: number;
  /** The field at fault, from the root of the file. */
  readonly path?: FieldPath;
}

export class ProjectError extends Error {
  override readonly name = 'ProjectError';
  readonly code: ProjectErrorCode;
  readonly file: string;
  readonly line: number | undefined;
  /** The field at fault (`engines.mine.url`), '' for the whole file. */
  readonly field: string;
  /** What is wrong, without the place. */
  readonly problem: string;

  constructor(code: ProjectErrorCode, problem: string, place: ProjectErrorPlace) {
    const path = place.path ?? [];
    super(locatedMessage(place, path, problem));
    this.code = code;
    this.problem = problem;
    this.file = place.file;
    this.line = place.line;
    this.field = fieldName(path);
    this.stack = `${this.name}: ${this.message}`;
  }
}
