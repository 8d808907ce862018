import type { Request } from 'express';
import { z } from 'zod';

/** Parses `{ body, params, query }` with one zod schema; a ZodError becomes a 400. */
export function parseRequest<S extends z.ZodType>(schema: S, req: Request): z.infer<S> {
  return schema.parse({ body: req.body ?? {}, params: req.params, query: req.query });
}
