import type { Command } from '../command.js';
import { check } from './check.js';
import { demoComparator } from './demo-comparator.js';
import { evalRun } from './eval-run.js';

/** Every command, in the order `nl2sql --help` lists them. */
export const commands: readonly Command[] = [evalRun, check, demoComparator];
