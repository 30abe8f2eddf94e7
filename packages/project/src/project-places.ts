// Where the parts of a loaded project are in its file. Kept beside the Project, not in it (a
// Project stays plain data), so a problem found later (an engine the command line names
// that the file lacks) is located like a problem the loader finds. Built projects have none.

import type { FieldPath } from '@nl2sql/format';
import type { Project } from './project.js';

const places = new WeakMap<Project, (path: FieldPath) => number | undefined>();

/** Called by the loader only. */
export function rememberPlaces(project: Project, lineOf: (path: FieldPath) => number | undefined) {
  places.set(project, lineOf);
}

/** The line of `path` in the project's file (or of the deepest part of it there); undefined when unknown. */
export function projectLine(project: Project, path: FieldPath): number | undefined {
  return places.get(project)?.(path);
}
