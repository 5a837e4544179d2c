import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function withPgClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates a database on the PostgreSQL server, empty or a copy of `template`; `drop` removes it even with
 * connections left open.
 */
export async function createPostgresDatabase(
  serverUrl: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `portal_test_${randomBytes(8).toString('hex')}`;
  const copy = template ? ` TEMPLATE "${template}"` : '';
  await withPgClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"${copy}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await withPgClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}
