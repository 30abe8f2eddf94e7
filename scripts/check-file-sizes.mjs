// The 400-line rule of docs/DESIGN.md: no file in a package's src/ is longer, except the data
// tables DESIGN.md names between its `data-tables` markers. Lists every file over the limit
// that is not one of them and exits 1 when there is any. Run: pnpm sizes
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const LIMIT = 400;
const root = join(import.meta.dirname, '..');
const design = readFileSync(join(root, 'docs', 'DESIGN.md'), 'utf8');
const block = /<!-- data-tables -->([\s\S]*?)<!-- \/data-tables -->/.exec(design);
if (!block) {
  console.error('docs/DESIGN.md has no <!-- data-tables --> block');
  process.exit(1);
}
const tables = new Set([...block[1].matchAll(/`(packages\/[^`]+\.ts)`/g)].map((m) => m[1]));

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts')) yield path;
  }
}

const over = [];
for (const pkg of readdirSync(join(root, 'packages'))) {
  const src = join(root, 'packages', pkg, 'src');
  let found;
  try {
    found = [...sources(src)];
  } catch {
    continue; // no src/
  }
  for (const file of found) {
    const lines = readFileSync(file, 'utf8').split('\n').length - 1;
    const name = relative(root, file);
    if (lines > LIMIT && !tables.has(name)) over.push(`${name}: ${lines} lines`);
  }
}
for (const table of tables) {
  try {
    statSync(join(root, table));
  } catch {
    over.push(`${table}: named as a data table in docs/DESIGN.md but not found`);
  }
}
if (over.length > 0) {
  console.log(`over ${LIMIT} lines (split by concept, or name a data table in docs/DESIGN.md):`);
  for (const line of over) console.log(`  ${line}`);
  process.exit(1);
}
console.log(`every src/ file is within ${LIMIT} lines, data tables aside (${tables.size})`);
