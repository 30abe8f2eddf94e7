// Judged-equivalent disagreements into the review queue: @nl2sql/evaluate's.
export { writeReviewProposals } from '@nl2sql/evaluate';
