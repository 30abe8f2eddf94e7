// A project made the way a user makes one: a small database the test builds, then `nl2sql init`.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../src/index.js';
import { captureIo } from './io-capture.js';
import { buildDatabase, SHOP_SQL } from './shop-database.js';

/** Runs one CLI command in `cwd`. */
export async function cli(cwd: string, ...args: string[]) {
  const c = captureIo({ cwd });
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
}

/** A new folder with shop.sqlite and what `nl2sql init --db shop.sqlite` wrote. */
export async function initialisedShop(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-authoring-'));
  await buildDatabase(join(dir, 'shop.sqlite'), SHOP_SQL);
  const r = await cli(dir, 'init', '--db', 'shop.sqlite');
  if (r.code !== 0) throw new Error(`init failed: ${r.err}`);
  return dir;
}
