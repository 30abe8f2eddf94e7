// Saved reports are @nl2sql/evaluate's (`eval run --save`, `eval merge --save`).
export {
  readRunRecords,
  readSavedReport,
  type SavedReport,
  savedReport,
  savedReportListener,
  writeSavedReport,
} from '@nl2sql/evaluate';
