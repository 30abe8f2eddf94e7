// The project's commit, as records name it: @nl2sql/evaluate's.
export { type ProjectCommit, projectCommit, recordsCommit } from '@nl2sql/evaluate';
