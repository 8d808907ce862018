import { OpenAPIRegistry, OpenApiGeneratorV3, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

export type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';

/**
 * The one OpenAPI registry of the shop: the command API registers its writes and the query API
 * its reads into the same registry (the composition root hands it to both), and
 * GET /api/openapi.json serves the document generated from it.
 */
export function createOpenApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'sid' });
  registry.registerComponent('securitySchemes', 'csrf', { type: 'apiKey', in: 'header', name: 'X-CSRFToken' });
  return registry;
}

/**
 * Which process answers an operation in the scaled topology. Every operation carries it in the
 * document (`x-shop-role`), and the scaled entry port routes by it (server/src/scaled-routing.ts).
 */
export type ApiRole = 'command' | 'query';
export const ROLE_EXTENSION = 'x-shop-role';

/** `{ status, message, problems? }`, the one error shape (docs/api-conventions.md). */
export const ErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export const errorResponse = (description: string): ResponseConfig => ({ description, content: { 'application/json': { schema: ErrorBody } } });

export const jsonResponse = (description: string, schema: z.ZodType): ResponseConfig => ({ description, content: { 'application/json': { schema } } });

export function openApiDocument(registry: OpenAPIRegistry) {
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Soft Furnishings Shop API',
      version: '1.0.0',
      description:
        'Every endpoint of SPEC §7 (reads and writes) plus the timeline, audit log, statistics, notifications, uploads and outgoing mail. ' +
        'Every POST, PUT and DELETE needs the X-CSRFToken header echoing the csrftoken cookie that any GET under /api/ sets.',
    },
    servers: [{ url: '/api' }],
  });
}

/** Who may call a read: everyone, anyone logged in (guests included), or staff. */
export type ReadAccess = 'public' | 'user' | 'staff';

export interface ReadDocumentation {
  /** Express path under /api, e.g. `/projects/:id/`. */
  path: string;
  summary: string;
  tag: string;
  access: ReadAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  /** The JSON a 200 answers. */
  response: z.ZodType;
  /** Other answers than 200 and the errors every read has. */
  responses?: Record<number, ResponseConfig>;
}

/** Documents one GET of the query side from the zod schemas that parse it and shape its answer. */
export function documentRead(registry: OpenAPIRegistry, read: ReadDocumentation): void {
  registry.registerPath({
    method: 'get',
    path: read.path.replace(/:(\w+)/g, '{$1}'),
    [ROLE_EXTENSION]: 'query' satisfies ApiRole,
    summary: read.summary,
    tags: [read.tag],
    ...(read.access === 'public' ? {} : { security: [{ session: [] }] }),
    request: {
      ...(read.params ? { params: read.params } : {}),
      ...(read.query ? { query: read.query } : {}),
    },
    responses: {
      200: jsonResponse('Done.', read.response),
      ...(read.params || read.query ? { 400: errorResponse('Invalid parameters.') } : {}),
      ...(read.access === 'public' ? {} : { 401: errorResponse('Not logged in.') }),
      ...(read.access === 'staff' || read.params ? { 403: errorResponse('Not allowed.') } : {}),
      ...(read.params ? { 404: errorResponse('No such item.') } : {}),
      ...read.responses,
    },
  });
}
