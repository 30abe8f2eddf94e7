// The published `*.schema.json` files of a package, written from the definitions and checked
// against them: a package lists its files once (document and file name), a script writes
// them and a test fails when a committed file is not what the definitions give.

import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from './json-schema.js';
import { schemaText } from './schema-text.js';

/** One published schema file: its name in the package directory and its document. */
export interface SchemaFile {
  readonly file: string;
  readonly document: JsonSchema;
}

const directory = (dir: string | URL) => (typeof dir === 'string' ? dir : fileURLToPath(dir));

async function current(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The files (of `files`, in `dir`) that are missing or differ from their document's text. */
export async function staleSchemaFiles(
  dir: string | URL,
  files: readonly SchemaFile[],
): Promise<string[]> {
  const stale: string[] = [];
  for (const { file, document } of files) {
    if ((await current(join(directory(dir), file))) !== schemaText(document)) stale.push(file);
  }
  return stale;
}

/** Writes each stale file of `files` into `dir`; returns the names written. */
export async function writeSchemaFiles(
  dir: string | URL,
  files: readonly SchemaFile[],
): Promise<string[]> {
  const stale = await staleSchemaFiles(dir, files);
  for (const { file, document } of files) {
    if (stale.includes(file)) await writeFile(join(directory(dir), file), schemaText(document));
  }
  return stale;
}
