// The calibration set shipped with this package: labelled pairs over the Chinook suite's
// questions (and a few more), each label checked by execution in this package's tests.
import { fileURLToPath } from 'node:url';

/** Absolute path of `calibration/chinook.yaml` inside this package. */
export const CHINOOK_CALIBRATION_PATH = fileURLToPath(
  new URL('../calibration/chinook.yaml', import.meta.url),
);
