import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import express from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  ConfigError,
  createLogger,
  embeddedConfigSchema,
  freePort,
  listen,
  loadConfig,
  onShutdownSignal,
  serveWeb,
  startEmbeddedPostgres,
  startLocalKafka,
} from '@shop/infra';
import { upstreamFor, type Upstream } from './scaled-routing.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(here, '../../web/dist');
const entry = { command: 'start-command-api.ts', query: 'start-query-api.ts', projectors: 'start-projectors.ts' } as const;

/**
 * `npm run start:scaled`: the scaled topology on one machine. Two command-api, two query-api
 * and two projector processes share DATABASE_URL and KAFKA_BROKERS, behind one entry port
 * that also serves the web app. When DATABASE_URL or KAFKA_BROKERS is unset, an embedded
 * PostgreSQL or a local Kafka broker is started under DATA_DIR for the trial.
 */
async function main() {
  const config = loadConfig(embeddedConfigSchema);
  const logger = createLogger(config.LOG_LEVEL, 'scaled');
  const stops: Array<() => Promise<void>> = [];
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    const postgres = await startEmbeddedPostgres({ dataDir: path.resolve(config.DATA_DIR, 'postgres') });
    stops.push(postgres.stop);
    databaseUrl = postgres.databaseUrl;
  }
  let brokers = config.KAFKA_BROKERS;
  if (!brokers) {
    const kafka = await startLocalKafka({ dataDir: path.resolve(config.DATA_DIR, 'kafka') });
    stops.unshift(kafka.stop);
    brokers = kafka.brokers;
  }
  const env = { ...process.env, DATABASE_URL: databaseUrl, KAFKA_BROKERS: brokers };
  const upstreams: Record<Upstream, string[]> = { command: [], query: [] };
  const children: ChildProcess[] = [];
  // The first command-api migrates and seeds; the others wait on the migration lock.
  for (const role of ['command', 'command', 'query', 'query', 'projectors', 'projectors'] as const) {
    const port = await freePort();
    children.push(startChild(entry[role], { ...env, PORT: String(port) }, `${role}:${port}`));
    if (role !== 'projectors') upstreams[role].push(`http://127.0.0.1:${port}`);
  }
  stops.unshift(() => stopChildren(children));

  const app = express();
  const next: Record<Upstream, number> = { command: 0, query: 0 };
  app.use(
    '/api',
    createProxyMiddleware({
      changeOrigin: false,
      pathRewrite: (p) => `/api${p}`,
      router: (req) => {
        const side = upstreamFor(req.method ?? "GET", `/api${req.url ?? ""}`);
        const targets = upstreams[side];
        return targets[next[side]++ % targets.length]!;
      },
    }),
  );
  serveWeb(app, webDir);
  const server = await listen(app, config.PORT);
  stops.unshift(server.close);
  onShutdownSignal(async () => {
    for (const stop of stops) await stop().catch(() => undefined);
  }, (message) => logger.info(message));
  console.log(`\n  Scaled shop: 2 command-api, 2 query-api, 2 projectors behind http://localhost:${server.port}\n`);
}

function startChild(script: string, env: NodeJS.ProcessEnv, label: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, script)], { env, stdio: ['ignore', 'inherit', 'inherit'] });
  child.on('exit', (code, signal) => {
    if (code !== 0 && code !== 143 && signal !== 'SIGTERM') console.error(`[${label}] exited (${signal ?? code})`);
  });
  return child;
}

async function stopChildren(children: ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
