// The run's secret masking is @nl2sql/evaluate's.
export { redactingIo, runRedactor, urlSecrets } from '@nl2sql/evaluate';
