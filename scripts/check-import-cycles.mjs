// No import cycles (docs/DESIGN.md): none among the modules of a package's src/ (static and
// dynamic imports alike; type-only imports excepted, they vanish from the JavaScript), and
// none among the workspace's packages (dependencies, peer and dev dependencies). Lists every
// cycle and exits 1 when there is any. Run: pnpm cycles  (--root DIR checks another tree:
// the test runs it on a fixture holding a cycle).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { parseCircular, parseDependencyTree } from 'dpdm';

const { values } = parseArgs({ options: { root: { type: 'string' } } });
const root = values.root ?? join(import.meta.dirname, '..');

function* sources(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) yield path;
  }
}

const packages = readdirSync(join(root, 'packages'))
  .map((dir) => join(root, 'packages', dir))
  .filter((dir) => existsSync(join(dir, 'package.json')));

const cycles = [];
for (const dir of packages) {
  const src = join(dir, 'src');
  if (!existsSync(src)) continue;
  const tsconfig = join(dir, 'tsconfig.json');
  const tree = await parseDependencyTree([...sources(src)], {
    context: dir,
    transform: true,
    ...(existsSync(tsconfig) ? { tsconfig } : {}),
    // Other packages (workspace links, node_modules) are the package graph's business below.
    exclude: /node_modules|\/dist\//,
    onProgress: () => {},
  });
  for (const cycle of parseCircular(tree)) {
    const files = cycle.map((file) => relative(root, join(dir, file)));
    if (files.every((file) => file.startsWith(relative(root, src))))
      cycles.push(`${files.join(' -> ')} -> ${files[0]}`);
  }
}

// The packages' own graph, depth first.
const manifests = new Map(
  packages.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return [manifest.name, manifest];
  }),
);
const edges = (name) => {
  const m = manifests.get(name);
  const deps = { ...m.dependencies, ...m.peerDependencies, ...m.devDependencies };
  return Object.keys(deps).filter((dep) => manifests.has(dep) && dep !== name);
};
const state = new Map();
const visit = (name, path) => {
  if (state.get(name) === 'done') return;
  if (state.get(name) === 'open') {
    cycles.push(`package ${[...path.slice(path.indexOf(name)), name].join(' -> ')}`);
    return;
  }
  state.set(name, 'open');
  for (const dep of edges(name)) visit(dep, [...path, name]);
  state.set(name, 'done');
};
for (const name of manifests.keys()) visit(name, []);

if (cycles.length > 0) {
  console.error(
    `import cycles (${cycles.length}): break each by moving what both sides share into a module of its own`,
  );
  for (const cycle of cycles) console.error(`  ${cycle}`);
  process.exit(1);
}
console.log(`no import cycles in ${packages.length} packages`);
