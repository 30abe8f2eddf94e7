import { existsSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from '../src/embedded-server.js';

async function version(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query('SHOW server_version')).rows[0].server_version as string;
  } finally {
    await client.end();
  }
}

describe('startEmbeddedPostgres', () => {
  it('starts a server on a free loopback port in a temporary folder and removes it on stop', async () => {
    const server = await startEmbeddedPostgres();
    try {
      expect(server.host).toBe('127.0.0.1');
      expect(server.port).toBeGreaterThan(0);
      expect(server.url()).toBe(
        `postgres://postgres:${encodeURIComponent(server.password)}@127.0.0.1:${server.port}/postgres`,
      );
      expect(await version(server.url())).toMatch(/^18\./);
      expect(existsSync(server.dataDir)).toBe(true);
      const client = new pg.Client({ connectionString: server.url() });
      await client.connect();
      const { rows } = await client.query(
        "SELECT current_setting('listen_addresses') AS listen, datcollate FROM pg_database WHERE datname = 'postgres'",
      );
      await client.end();
      expect(rows).toEqual([{ listen: '127.0.0.1', datcollate: 'C' }]);
    } finally {
      await server.stop();
    }
    expect(existsSync(server.dataDir)).toBe(false);
    await expect(version(server.url())).rejects.toThrow(/ECONNREFUSED/);
  });

  it('halts and resumes on the same port with the data kept', async () => {
    const server = await startEmbeddedPostgres();
    try {
      const client = new pg.Client({ connectionString: server.url() });
      await client.connect();
      await client.query('CREATE TABLE kept (x int); INSERT INTO kept VALUES (7)');
      await client.end();
      await server.halt();
      await expect(version(server.url())).rejects.toThrow(/ECONNREFUSED/);
      await server.resume();
      const again = new pg.Client({ connectionString: server.url() });
      await again.connect();
      expect((await again.query('SELECT x FROM kept')).rows).toEqual([{ x: 7 }]);
      await again.end();
    } finally {
      await server.stop();
    }
  });

  it('refuses a wrong password: the server authenticates with scram-sha-256', async () => {
    const server = await startEmbeddedPostgres();
    try {
      const wrong = new URL(server.url());
      wrong.password = 'wrong';
      await expect(version(wrong.toString())).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
    }
  });

  it('reports a port it cannot listen on as a typed error with the server log', async () => {
    const server = await startEmbeddedPostgres();
    try {
      await expect(startEmbeddedPostgres({ port: server.port })).rejects.toMatchObject({
        code: 'CONNECTION',
        message: expect.stringContaining(`127.0.0.1:${server.port}: the server did not start`),
      });
    } finally {
      await server.stop();
    }
  });
});
