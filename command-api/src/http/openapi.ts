import { OpenAPIRegistry, OpenApiGeneratorV3 } from '@asteasolutions/zod-to-openapi';
import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { z } from 'zod';

/** Every route registers its request schema here; the document is generated from them. */
export function createOpenApiRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'session', { type: 'apiKey', in: 'cookie', name: 'sid' });
  registry.registerComponent('securitySchemes', 'csrf', { type: 'apiKey', in: 'header', name: 'X-CSRFToken' });
  return registry;
}

/** `{ status, message, problems? }`, the one error shape (docs/api-conventions.md). */
export const ErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  problems: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export function openApiDocument(registry: OpenAPIRegistry) {
  return new OpenApiGeneratorV3(registry.definitions).generateDocument({
    openapi: '3.0.3',
    info: {
      title: 'Soft Furnishings Shop API',
      version: '1.0.0',
      description:
        'Writes (command side) of SPEC §7. Every POST, PUT and DELETE needs the X-CSRFToken header echoing the csrftoken cookie that any GET under /api/ sets.',
    },
    servers: [{ url: '/api' }],
  });
}

/** GET /api/openapi.json and a browsable page at /api/docs. */
export function openApiRoutes(registry: OpenAPIRegistry): Router {
  const router = Router();
  let document: ReturnType<typeof openApiDocument> | null = null;
  const current = () => (document ??= openApiDocument(registry));
  router.get('/openapi.json', (_req, res) => {
    res.json(current());
  });
  router.use('/docs', swaggerUi.serveFiles(undefined, { swaggerUrl: '/api/openapi.json' }), swaggerUi.setup(undefined, { swaggerUrl: '/api/openapi.json' }));
  return router;
}
