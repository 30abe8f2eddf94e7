// Stopping on SIGINT/SIGTERM: @nl2sql/evaluate's.
export { STOP_SIGNALS, type StopSignal, type StopSignals, stopOnSignals } from '@nl2sql/evaluate';
