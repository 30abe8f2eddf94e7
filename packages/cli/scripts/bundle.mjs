// The `nl2sql` command as users run it: the CLI and the workspace packages it runs on, bundled
// into dist/bundle (decisions/cli-bundle.md). Loading ~1,000 ES modules one by one took most
// of a short run's start-up; one file and its lazily loaded chunks take a fraction of it.
// Left out, and imported from node_modules as before: what ships a native addon, WebAssembly
// or binaries (they find their files beside themselves), and the HTTP client loaded on first
// use. A bundled file that finds its package's files through `import.meta.url` (a suite, a
// preset, the report page's script) is pointed at its installed package instead. The formats'
// deciding validators are compiled here, once, instead of in every run
// (decisions/precompiled-validators.md).
import { existsSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const packagesDir = fileURLToPath(new URL('../../', import.meta.url));
const cliDir = fileURLToPath(new URL('../', import.meta.url));

/** Imported at run time, each a dependency of @nl2sql/cli so that it resolves from here. */
const EXTERNAL = JSON.parse(
  await readFile(new URL('bundle-external.json', import.meta.url), 'utf8'),
);

/** A workspace package's built file: packages/<name>/dist/<file>. */
const BUILT_FILE = /[\\/]packages[\\/]([^\\/]+)[\\/](dist[\\/].*\.js)$/;

/** `import.meta.url` in packages/<name>/dist/<file>: that file's URL in the installed package. */
const fileUrls = {
  name: 'installed-file-urls',
  setup(b) {
    b.onLoad({ filter: BUILT_FILE }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const [, name, file] = BUILT_FILE.exec(args.path);
      const url = `new URL(${JSON.stringify(file.replaceAll('\\', '/'))}, import.meta.resolve(${JSON.stringify(`@nl2sql/${name}/package.json`)})).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'js' };
    });
  },
};

/**
 * Every format a workspace package defines (`... = defineFormat(` in its sources), read from
 * its build: the bundle registers their deciding validators compiled now
 * (decisions/precompiled-validators.md), so a run does not compile them again.
 */
async function workspaceFormats() {
  const formats = new Map();
  for (const name of await readdir(packagesDir)) {
    const src = `${packagesDir}${name}/src`;
    const files = await readdir(src).catch(() => []);
    for (const file of files.filter((f) => f.endsWith('.ts'))) {
      if (!(await readFile(`${src}/${file}`, 'utf8')).includes('= defineFormat(')) continue;
      const builtFile = `${packagesDir}${name}/dist/${file.replace(/\.ts$/, '.js')}`;
      // a package the CLI does not depend on is not built before it: its formats compile at run time
      if (!existsSync(builtFile)) continue;
      const built = pathToFileURL(builtFile);
      for (const value of Object.values(await import(built.href))) {
        const isFormat =
          value &&
          typeof value.id === 'string' &&
          value.document &&
          Array.isArray(value.references);
        if (isFormat) formats.set(value.id, value);
      }
    }
  }
  return [...formats.values()].sort((a, b) => a.id.localeCompare(b.id));
}

const { precompiledValidatorsModule } = await import(
  pathToFileURL(`${packagesDir}format/dist/index.js`).href
);
const validators = precompiledValidatorsModule(await workspaceFormats());

/** The entry: the validators registered first, then the command (dist/bin.js). */
const entry = {
  name: 'entry-and-validators',
  setup(b) {
    b.onResolve({ filter: /^nl2sql:(entry|validators)$/ }, (args) => ({
      path: args.path.slice('nl2sql:'.length),
      namespace: 'nl2sql',
    }));
    // the package says it has no side effects (true of its modules), but the bin is one
    b.onResolve({ filter: /[\\/]dist[\\/]bin\.js$/ }, (args) =>
      args.importer === 'entry' ? { path: args.path, sideEffects: true } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'nl2sql' }, (args) =>
      args.path === 'entry'
        ? {
            // the hashbang too: the installed bin is run as a program (esbuild keeps an entry's)
            contents: `#!/usr/bin/env node\nimport 'nl2sql:validators';\nimport ${JSON.stringify(`${cliDir}dist/bin.js`)};\n`,
            resolveDir: cliDir,
            loader: 'js',
          }
        : // resolved from @nl2sql/format, which has ajv's runtime helpers and itself by name
          { contents: validators, resolveDir: `${packagesDir}format`, loader: 'js' },
    );
  },
};

// esbuild leaves the chunks of an earlier build beside the new ones: they would be packed
await rm(`${cliDir}dist/bundle`, { recursive: true, force: true });
await build({
  entryPoints: { nl2sql: 'nl2sql:entry' },
  outdir: 'dist/bundle',
  bundle: true,
  // each lazily imported part stays a chunk of its own, loaded when first imported
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  external: EXTERNAL,
  // CommonJS dependencies bundled into ES modules call require() for Node's built-ins
  banner: {
    js: "import { createRequire as __nl2sqlRequire } from 'node:module'; const require = __nl2sqlRequire(import.meta.url);",
  },
  plugins: [entry, fileUrls],
  logLevel: 'warning',
});
