// The CLI's errors are @nl2sql/evaluate's: one message and an exit code, never a stack
// trace, whether a flag or the API refused.

export {
  configError,
  EvaluateError as CliError,
  usageError,
} from '@nl2sql/evaluate/options';
