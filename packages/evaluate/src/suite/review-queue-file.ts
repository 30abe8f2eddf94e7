// Where a suite's review queue (`<suite>.proposals.yaml`) is read and written. Beside the
// suite, except for a suite that ships inside a package (the Chinook one): runs do not write
// into an installed package, so its queue lives in the folder the command runs in, which is
// also where the suite lands when a person copies it there to approve proposals into it.

import { basename, join } from 'node:path';
import { packagedSuite, proposalsPath } from '@nl2sql/suite';

/** The review queue file of the suite at `suitePath` for a command run in `cwd`. */
export async function reviewQueueFile(suitePath: string, cwd: string): Promise<string> {
  return (await packagedSuite(suitePath))
    ? join(cwd, basename(proposalsPath(suitePath)))
    : proposalsPath(suitePath);
}
