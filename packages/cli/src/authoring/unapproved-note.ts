// What a run says about the drafts it skips: @nl2sql/evaluate's.
export { unapprovedNote } from '@nl2sql/evaluate';
