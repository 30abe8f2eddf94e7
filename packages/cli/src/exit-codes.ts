// The CLI's exit codes, which `evaluate()` returns too. Scripts and CI branch on them, so
// they are part of the public API and never change meaning.

export { EXIT, type ExitCode } from '@nl2sql/evaluate/options';
