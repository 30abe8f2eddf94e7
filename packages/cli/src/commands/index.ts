import type { Command } from '../command.js';
import { check } from './check.js';
import { dbGrants } from './db-grants.js';
import { dbUp } from './db-up.js';
import { demoComparator } from './demo-comparator.js';
import { evalGate } from './eval-gate.js';
import { evalMerge } from './eval-merge.js';
import { evalPublish } from './eval-publish.js';
import { evalReport } from './eval-report.js';
import { evalRun } from './eval-run.js';
import { init } from './init.js';
import { judgeCalibrate } from './judge-calibrate.js';
import { suiteCrossCheck } from './suite-cross-check.js';
import { suiteImport } from './suite-import.js';
import { suiteLint } from './suite-lint.js';
import { suiteRegenerate } from './suite-regenerate.js';
import { suiteReview } from './suite-review.js';
import { suiteTestsuite } from './suite-testsuite.js';

/** Every command, in the order `nl2sql --help` lists them. */
export const commands: readonly Command[] = [
  init,
  evalRun,
  evalMerge,
  evalGate,
  evalPublish,
  evalReport,
  suiteLint,
  suiteImport,
  suiteRegenerate,
  suiteReview,
  suiteTestsuite,
  suiteCrossCheck,
  judgeCalibrate,
  check,
  dbGrants,
  dbUp,
  demoComparator,
];
