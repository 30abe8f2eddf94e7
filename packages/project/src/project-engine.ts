// The engine a command names (`eval run --engine NAME`), or the project's default one; an
// engine whose ${env:} variable is not set is refused here, when it is used, with its line.

import type { EngineConfig, Project } from './project.js';
import { ProjectError } from './project-error.js';
import { projectLine } from './project-places.js';

function located(project: Project, problem: string): ProjectError {
  const file = project.file ?? 'the built-in Chinook project (no evals.yaml)';
  const line = project.file === null ? undefined : projectLine(project, ['engines']);
  return new ProjectError('PROJECT_REFERENCE', problem, {
    file,
    path: ['engines'],
    ...(line !== undefined ? { line } : {}),
  });
}

/** The engine, or the error of a variable it reads that is not set (load-project.ts). */
function usable(project: Project, engine: EngineConfig): EngineConfig {
  const unresolved = project.unresolvedEngines?.[engine.name];
  if (unresolved) throw unresolved;
  return engine;
}

const names = (project: Project) => project.engines.map((e) => e.name).join(', ');

/**
 * The engine called `name`; without a name, the project's `default_engine`, else its only
 * engine. Throws a ProjectError, located at `engines`, naming the engines there are.
 */
export function projectEngine(project: Project, name?: string): EngineConfig {
  const wanted = name ?? project.defaultEngine;
  if (wanted === undefined) {
    const [only, ...more] = project.engines;
    if (only && more.length === 0) return usable(project, only);
    throw located(
      project,
      `several engines and no default_engine: name one (engines: ${names(project)})`,
    );
  }
  const engine = project.engines.find((e) => e.name === wanted);
  if (!engine) throw located(project, `no engine named ${wanted} (engines: ${names(project)})`);
  return usable(project, engine);
}
