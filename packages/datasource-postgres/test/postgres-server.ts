// Vitest global setup: starts one embedded PostgreSQL server on a free loopback port in a
// temporary folder for the whole test run, and stops it (removing the folder) at the end.
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/embedded-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's superuser URL, without a database (append one with adminUrl()). */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startEmbeddedPostgres();
  project.provide('postgresAdminUrl', server.url('postgres'));
  return () => server.stop();
}
