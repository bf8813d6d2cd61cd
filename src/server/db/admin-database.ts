import pg from 'pg';

/**
 * Statements on a PostgreSQL server's own maintenance database (CREATE DATABASE, DROP DATABASE …
 * WITH (FORCE)), which cannot run through a pool connected to the database they create or drop.
 * Shared by the test databases (test-support/databases.ts) and the benches' scratch databases.
 */

/** The address of the database `name` on the server `serverUrl` points at. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection to `serverUrl`, closed afterwards. */
export async function adminQuery(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
