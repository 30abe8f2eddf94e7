// A process engine's start and config: @nl2sql/evaluate's.
export {
  type ProcessEngineEntry,
  type ProcessEngineSetup,
  processEngineConfig,
} from '@nl2sql/evaluate';
