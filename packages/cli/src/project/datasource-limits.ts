// A datasource with the project's limits: @nl2sql/evaluate's.
export { type OpenDatasource, withLimits } from '@nl2sql/evaluate';
