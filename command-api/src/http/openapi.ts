import { Router } from 'express';
import swaggerUi from 'swagger-ui-express';
import { allowInlineStyles, openApiDocument, type OpenAPIRegistry } from '@shop/http-shell';

// The registry and the document live in the HTTP shell, so the query API registers its reads into
// the same document without importing the command API (DESIGN: arrows point one way).
export { createOpenApiRegistry, ErrorBody } from '@shop/http-shell';

/** GET /api/openapi.json (every endpoint, reads and writes) and a browsable page at /api/docs. */
export function openApiRoutes(registry: OpenAPIRegistry): Router {
  const router = Router();
  let document: ReturnType<typeof openApiDocument> | null = null;
  const current = () => (document ??= openApiDocument(registry));
  router.get('/openapi.json', (_req, res) => {
    res.json(current());
  });
  router.use('/docs', allowInlineStyles, swaggerUi.serveFiles(undefined, { swaggerUrl: '/api/openapi.json' }), swaggerUi.setup(undefined, { swaggerUrl: '/api/openapi.json' }));
  return router;
}
