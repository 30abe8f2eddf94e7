// Writes this package's published `*.schema.json` files from the definitions. Run: pnpm schemas
import { writeSchemaFiles } from '@nl2sql/format';
import { SCHEMA_FILES } from '../src/schema-files.js';

const written = await writeSchemaFiles(new URL('..', import.meta.url), SCHEMA_FILES);
console.log(written.length > 0 ? `wrote ${written.join(', ')}` : 'schema files are current');
