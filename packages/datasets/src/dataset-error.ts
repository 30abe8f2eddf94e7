/** Why the dataset could not be provided. */
export type DatasetErrorCode = 'DATASET_NOT_FOUND' | 'DATASET_HASH_MISMATCH';

/**
 * Raised when no verified copy of a dataset can be found or fetched. The message says where
 * the lookup went and what the user can do, because this is usually the first error a new
 * user meets.
 */
export class DatasetError extends Error {
  override readonly name = 'DatasetError';
  constructor(
    readonly code: DatasetErrorCode,
    message: string,
    /** Every place that was tried, in order, with what was found there. */
    readonly attempts: readonly string[],
  ) {
    super(message);
  }
}
