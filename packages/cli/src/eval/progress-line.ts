// The progress line on stderr is @nl2sql/evaluate's.
export { progressListener } from '@nl2sql/evaluate';
