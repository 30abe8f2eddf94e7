// What `nl2sql init` writes: @nl2sql/evaluate's (the benchmark import writes a project too).
export {
  datasourceIdFor,
  INIT_ROLE,
  type InitFile,
  type InitInput,
  initFiles,
  type ProjectFilesInput,
  projectFiles,
} from '@nl2sql/evaluate';
