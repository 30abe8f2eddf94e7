export { type ChinookProjectOptions, chinookProject } from './chinook-project.js';
export { type EnvProblem, type EnvResult, replaceEnvReferences } from './env-references.js';
export {
  EVALS_FORMAT,
  EVALS_JSON_SCHEMA,
  EVALS_SCHEMA_ID,
  type EvalsDatasourceEntry,
  type EvalsEngineEntry,
  type EvalsFile,
  NAME_PATTERN,
} from './evals-format.js';
export { findProject } from './find-project.js';
export {
  type LoadProjectOptions,
  loadProject,
  PROJECT_FILE,
  PROJECT_MAX_BYTES,
  parseProject,
} from './load-project.js';
export type {
  DatasourceConfig,
  DatasourceLimits,
  DatasourceSnapshot,
  DuckdbDatasourceConfig,
  EngineConfig,
  HttpEngineConfig,
  MysqlDatasourceConfig,
  PostgresDatasourceConfig,
  ProcessEngineConfig,
  Project,
  ProjectChecks,
  ProjectGate,
  ProjectPolicy,
  ProjectRole,
  ProjectRun,
  ReferenceEngineConfig,
  SqliteDatasourceConfig,
} from './project.js';
export { projectEngine } from './project-engine.js';
export { ProjectError, type ProjectErrorCode, type ProjectErrorPlace } from './project-error.js';
export { projectLine } from './project-places.js';
export {
  PROJECT_SCHEMA_HINT,
  type RenderProjectOptions,
  renderProjectYaml,
} from './render-project.js';
