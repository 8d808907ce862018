import { ROLE_EXTENSION, type ApiRole } from '@shop/http-shell';

/**
 * Which process answers a request in the scaled topology, generated from the OpenAPI document:
 * the same route registry that documents every operation records which role serves it
 * (`x-shop-role`), so a new route is routed correctly without touching this file.
 */
export type Upstream = ApiRole;

interface RouteRule {
  method: string;
  pattern: RegExp;
  role: Upstream;
}

export interface RouteTable {
  rules: RouteRule[];
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

/** The document and its browsable page are served by the command API (it holds the one registry). */
const documentPaths = /^\/api\/(openapi\.json|docs)(\/|$)/;

/** `/projects/{id}/` → a pattern for `/api/projects/<anything but a slash>`, trailing slash optional like Express. */
function patternOf(path: string): RegExp {
  const body = path
    .replace(/\/$/, '')
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^/api${body}/?$`);
}

export function routeTableOf(document: OpenApiDocument): RouteTable {
  const rules: RouteRule[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const role = operation[ROLE_EXTENSION];
      if (role !== 'command' && role !== 'query') throw new Error(`${method.toUpperCase()} ${path} does not say which role serves it (${ROLE_EXTENSION})`);
      rules.push({ method: method.toUpperCase(), pattern: patternOf(path), role });
    }
  }
  // A literal segment beats a parameter: `/projects/copy/` before `/projects/{id}/`.
  const parameters = (rule: RouteRule) => rule.pattern.source.split('[^/]+').length;
  rules.sort((a, b) => parameters(a) - parameters(b));
  return { rules };
}

export function upstreamFor(table: RouteTable, method: string, url: string): Upstream {
  const path = url.split('?')[0]!;
  if (documentPaths.test(path)) return 'command';
  const asMethod = method === 'HEAD' ? 'GET' : method;
  const rule = table.rules.find((candidate) => candidate.method === asMethod && candidate.pattern.test(path));
  if (rule) return rule.role;
  // Undocumented: a 404 either way; a write never reaches the read side.
  return asMethod === 'GET' ? 'query' : 'command';
}
