// The project's datasources, opened: @nl2sql/evaluate's.
export { type OpenDatasources, openDatasources } from '@nl2sql/evaluate';
