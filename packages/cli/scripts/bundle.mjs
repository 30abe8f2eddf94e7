// The `nl2sql` command as users run it: the CLI and the workspace packages it runs on, bundled
// into dist/bundle (decisions/cli-bundle.md). Loading ~1,000 ES modules one by one took most
// of a short run's start-up; one file and its lazily loaded chunks take a fraction of it.
// Left out, and imported from node_modules as before: what ships a native addon, WebAssembly
// or binaries (they find their files beside themselves), and the HTTP client loaded on first
// use. A bundled file that finds its package's files through `import.meta.url` (a suite, a
// preset, the report page's script) is pointed at its installed package instead.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

/** Imported at run time, each a dependency of @nl2sql/cli so that it resolves from here. */
const EXTERNAL = JSON.parse(
  await readFile(new URL('bundle-external.json', import.meta.url), 'utf8'),
);

/** `import.meta.url` in packages/<name>/dist/<file>: that file's URL in the installed package. */
const fileUrls = {
  name: 'installed-file-urls',
  setup(b) {
    b.onLoad({ filter: /[\\/]packages[\\/][^\\/]+[\\/]dist[\\/].*\.js$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const [, name, file] = /[\\/]packages[\\/]([^\\/]+)[\\/](dist[\\/].*)$/.exec(args.path);
      const url = `new URL(${JSON.stringify(file.replaceAll('\\', '/'))}, import.meta.resolve(${JSON.stringify(`@nl2sql/${name}/package.json`)})).href`;
      return { contents: source.replaceAll('import.meta.url', url), loader: 'js' };
    });
  },
};

await build({
  entryPoints: { nl2sql: 'dist/bin.js' },
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
  plugins: [fileUrls],
  logLevel: 'warning',
});
