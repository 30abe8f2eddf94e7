// The review queue of a suite (<suite>.proposals.yaml, alt_sql proposals a judge wrote), read
// for `suite review`: a queue that is not the format is one located line and exit 3.

import { type EvalSuite, readLocatedAltSqlProposals, SuiteFormatError } from '@nl2sql/suite';
import { configError } from '../evaluate-error.js';

/** The queue in `file` (of the suite named `suite.name`) and the line of each proposal. */
export async function readQueue(file: string, suite: EvalSuite) {
  try {
    return await readLocatedAltSqlProposals(file, suite.name);
  } catch (error) {
    if (error instanceof SuiteFormatError) throw configError(error.message, error);
    throw error;
  }
}
