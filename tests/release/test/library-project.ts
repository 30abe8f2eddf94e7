// A fresh TypeScript project using one library package: one ES module and one CommonJS
// module, type-checked and compiled by tsc (module nodenext), then run by node.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ROOT, run, userEnv } from './tarballs.js';

export interface LibraryUse {
  /** The body of both modules, given the package bound to `lib`. */
  readonly body: string;
}

const TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    target: 'es2022',
    lib: ['es2023'],
    strict: true,
    types: [],
    // The installed declarations are checked too, not only ours.
    skipLibCheck: false,
    outDir: 'out',
  },
  include: ['src'],
};

// The project has no @types/node (nothing but the package under test is installed), so
// the one global the modules use is declared here.
const PRINT =
  'declare const console: { log(...values: unknown[]): void };\nconst print = (...values: unknown[]) => console.log(...values);';

/** Writes src/use.mts (import) and src/use.cts (require) around `use.body`. */
export async function writeLibraryProject(dir: string, pkg: string, use: LibraryUse) {
  await mkdir(join(dir, 'src'), { recursive: true });
  await writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  await writeFile(
    join(dir, 'src', 'use.mts'),
    `import * as lib from '${pkg}';\n${PRINT}\n${use.body}\nprint('import', out);\n`,
  );
  await writeFile(
    join(dir, 'src', 'use.cts'),
    `import lib = require('${pkg}');\n${PRINT}\n${use.body}\nprint('require', out);\n`,
  );
}

/** tsc over the project with the workspace's TypeScript; throws with its diagnostics. */
export async function compile(dir: string): Promise<void> {
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  try {
    await run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir, env: userEnv() });
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc failed in ${dir}:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

/** Runs the compiled modules; returns what each printed. */
export async function runCompiled(dir: string): Promise<{ esm: string; cjs: string }> {
  const env = userEnv();
  const esm = await run(process.execPath, ['out/use.mjs'], { cwd: dir, env });
  const cjs = await run(process.execPath, ['out/use.cjs'], { cwd: dir, env });
  return { esm: esm.stdout.trim(), cjs: cjs.stdout.trim() };
}
