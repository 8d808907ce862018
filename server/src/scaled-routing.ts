/**
 * Which process answers a request in the scaled topology. Writes go to a command-api
 * process and reads to a query-api process, except the few GETs that belong to the command
 * side because they touch write-side secrets or files (token checks, uploads, outgoing mail)
 * or describe its schemas (OpenAPI).
 */
const commandSideReads = [/^\/api\/profile-completion\//, /^\/api\/openapi\.json$/, /^\/api\/docs/, /^\/api\/uploads\//, /^\/api\/internal\/mail\//];

export type Upstream = 'command' | 'query';

export function upstreamFor(method: string, path: string): Upstream {
  if (method !== 'GET' && method !== 'HEAD') return 'command';
  return commandSideReads.some((pattern) => pattern.test(path)) ? 'command' : 'query';
}
