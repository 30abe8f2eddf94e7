// Prints the gold pin of every Chinook case and the suite digest, in the form the pinned
// table in test/chinook-suite.integration.test.ts takes. Run only after a reviewed change to
// the gold data (a new alternative plus regenerate): pnpm pins:chinook
import { readFile } from 'node:fs/promises';
import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { goldPin, loadSuite, suiteDigest } from '../src/index.js';

const suite = await loadSuite(CHINOOK_SUITE_PATH);
console.log(`const SUITE_DIGEST = '${suiteDigest(await readFile(CHINOOK_SUITE_PATH))}';`);
console.log('const GOLD_PINS: Record<string, string> = {');
for (const c of suite.cases) console.log(`  ${c.id}: '${goldPin(c)}',`);
console.log('};');
