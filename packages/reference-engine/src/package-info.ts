// This package's name and version as its package.json says, read once at load. A release
// bumps package.json, so describe() reports the version that actually ran, never a literal
// copied into the source. (createRequire rather than a JSON import: the file sits one level
// up from both src/ and dist/, and Node 20 warns on JSON imports.)

import { createRequire } from 'node:module';

const manifest = createRequire(import.meta.url)('../package.json') as {
  name: string;
  version: string;
};

export const REFERENCE_ENGINE_PACKAGE: Readonly<{ name: string; version: string }> = Object.freeze({
  name: manifest.name,
  version: manifest.version,
});
