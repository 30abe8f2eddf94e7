import { type EvalSuite, loadSuite, SuiteFormatError } from '@nl2sql/suite';
import { configError } from '../evaluate-error.js';

/**
 * Loads the suite a run or a regenerate will use. Anything wrong with the file (unreadable,
 * not the format, a YAML alias, over the size limit) is one located line and exit 3.
 */
export async function loadRunSuite(path: string, maxBytes: number | undefined): Promise<EvalSuite> {
  try {
    return await loadSuite(path, maxBytes === undefined ? {} : { maxBytes });
  } catch (error) {
    if (!(error instanceof SuiteFormatError)) throw error;
    const hint = error.code === 'SUITE_TOO_LARGE' ? ' Raise the limit with --max-suite-mb N.' : '';
    throw configError(`${error.message}${hint}`);
  }
}
