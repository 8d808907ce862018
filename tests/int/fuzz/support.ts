import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';
import type { ApiClient } from '../../support/http-client.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** HEAVY=1 (CI sets it): the full-size runs of the fuzz suite. */
export const heavy = process.env.HEAVY === '1' || process.env.HEAVY === 'true';

/**
 * The schemathesis binary: the virtualenv .ci/run installs it into (.tmp/schemathesis-venv),
 * else one on PATH; null when there is none.
 */
export function schemathesisBinary(): string | null {
  const venv = path.join(repoRoot, '.tmp/schemathesis-venv/bin/schemathesis');
  if (existsSync(venv)) return venv;
  const onPath = spawnSync('schemathesis', ['--version'], { encoding: 'utf8' });
  return onPath.status === 0 ? 'schemathesis' : null;
}

/** The session cookie and CSRF token a client holds, for schemathesis.toml (kept off the command line). */
export function sessionEnv(client: ApiClient): Record<string, string> {
  const cookies = client['cookies']; // the test client keeps its cookies private
  return {
    SHOP_FUZZ_COOKIE: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    SHOP_FUZZ_CSRF: client.csrfToken ?? '',
  };
}
