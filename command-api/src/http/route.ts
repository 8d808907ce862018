import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { correlationIdOf, currentUser, sendWithEntityTag, forbidden, HttpError, parseRequest, requireStaff, requireUser, ROLE_EXTENSION, type ApiRole, type SessionUser } from '@shop/http-shell';
import { asPreconditionFailed, ifMatchRevision, revisionPlace, withIfMatch } from './if-match.js';
import { ErrorBody } from './openapi.js';
import { withSessionWrites } from './session-writes.js';

/**
 * Who may call a route, checked before the input is read (so 401/403 come before 400):
 * public: anyone; user: logged in, guests included; customer: logged in and not a guest; staff.
 */
export type Access = 'public' | 'user' | 'customer' | 'staff';

export interface RouteInput<B extends z.ZodType, P extends z.ZodType, Q extends z.ZodType> {
  body?: B;
  params?: P;
  query?: Q;
}

export interface RouteContext {
  req: Request;
  res: Response;
  /** The caller, null only on public routes. */
  user: SessionUser | null;
  correlationId: string;
}

export interface RouteDefinition<B extends z.ZodType, P extends z.ZodType, Q extends z.ZodType> {
  method: 'get' | 'post' | 'put' | 'delete';
  /** Express path under /api, e.g. `/projects/:id/`. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  input?: RouteInput<B, P, Q>;
  /** Multipart routes parse their own body (multer) before the schema sees it. */
  before?: RequestHandler[];
  /** Documented success answer; the default is a JSON object. */
  success?: ResponseConfig;
  /** Answers beyond the ones every route documents (e.g. 401 and 429 of the login). */
  responses?: Record<number, ResponseConfig>;
  /** Status of a successful answer (200 unless said otherwise). */
  status?: number;
  /** The answer is the written resource itself (what a GET of the path reads): its `revision` goes out as the `ETag` too. */
  etag?: boolean;
  /** The answer's JSON; `undefined` when the handler answered itself (files, redirects). */
  handle: (input: { body: z.infer<B>; params: z.infer<P>; query: z.infer<Q> }, context: RouteContext) => Promise<unknown>;
}

/**
 * Mounts one route and registers it in the OpenAPI document, from the same zod schemas that
 * parse `{ body, params, query }`: the document cannot drift from what the route accepts.
 */
export function defineRoute<B extends z.ZodType = z.ZodUnknown, P extends z.ZodType = z.ZodObject, Q extends z.ZodType = z.ZodObject>(
  router: Router,
  registry: OpenAPIRegistry,
  definition: RouteDefinition<B, P, Q>,
): void {
  const schema = z.object({
    body: definition.input?.body ?? z.unknown(),
    params: definition.input?.params ?? z.object({}),
    query: definition.input?.query ?? z.object({}),
  });
  register(registry, definition);
  // Access first, so nobody unauthorised gets as far as uploading a body.
  const guard: RequestHandler = (req, _res, next) => {
    checkAccess(req, definition.access);
    next();
  };
  const handler: RequestHandler = async (req, res) => {
    const user = checkAccess(req, definition.access);
    const precondition = ifMatchRevision(req);
    const raw = precondition === undefined ? req : withIfMatch(req, revisionPlace(definition.input), precondition);
    const input = parseInput(schema, raw) as { body: z.infer<B>; params: z.infer<P>; query: z.infer<Q> };
    // The id the request log gives this request (request-log.ts), so its events and log lines share it.
    const correlationId = correlationIdOf(req);
    let answer: unknown;
    try {
      // Appends made while handling are noted in the caller's session (session-writes.ts).
      answer = await withSessionWrites(req, () => definition.handle(input, { req, res, user, correlationId }));
    } catch (error) {
      throw precondition === undefined ? error : asPreconditionFailed(error);
    }
    if (answer === undefined || res.headersSent) return;
    const revision = (answer as { revision?: unknown }).revision;
    if (definition.etag && typeof revision === 'number') sendWithEntityTag(res, revision, answer, definition.status);
    else res.status(definition.status ?? 200).json(answer);
  };
  router[definition.method](definition.path, guard, ...(definition.before ?? []), handler);
}

/** Field paths as the client knows them: `fabrics.0.name`, not `body.fabrics.0.name`. */
function parseInput(schema: z.ZodType, req: Request | { body: unknown; params: unknown; query: unknown }): unknown {
  try {
    // parseRequest reads only body, params and query (If-Match may have put the revision in them).
    return parseRequest(schema, req as Request);
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const problems = error.issues.map((issue) => ({ field: issue.path.slice(1).map(String).join('.') || String(issue.path[0] ?? ''), message: issue.message }));
    throw new HttpError(400, problems[0]?.message ?? 'Invalid request.', problems);
  }
}

function checkAccess(req: Request, access: Access): SessionUser | null {
  switch (access) {
    case 'public':
      return currentUser(req);
    case 'user':
      return requireUser(req);
    case 'customer': {
      const user = requireUser(req);
      if (user.isGuest) throw forbidden('Please complete your registration first.');
      return user;
    }
    case 'staff':
      return requireStaff(req);
  }
}

const IfMatchHeader = z.object({
  'if-match': z.string().optional().describe('The `ETag` a read answered (`"3"`): the write is refused with 412 if someone else changed it since; same as `revision`'),
});

const IdempotencyKeyHeader = z.object({
  'idempotency-key': z
    .string()
    .max(255)
    .optional()
    .describe(
      'A fresh unique value (a UUID) per user action, the same again when retrying it: a repeat of the same request answers the first answer again (with `Idempotent-Replayed: true`) for 24 hours, and changes nothing (docs/api-conventions.md, decision 0325)',
    ),
});

const errorResponse = (description: string): ResponseConfig => ({ description, content: { 'application/json': { schema: ErrorBody } } });

function register<B extends z.ZodType, P extends z.ZodType, Q extends z.ZodType>(registry: OpenAPIRegistry, definition: RouteDefinition<B, P, Q>) {
  const { body, params, query } = definition.input ?? {};
  const protectedRoute = definition.access !== 'public';
  const takesRevision = revisionPlace(definition.input) !== null;
  registry.registerPath({
    method: definition.method,
    path: definition.path.replace(/:(\w+)/g, '{$1}'),
    // Every route of the command API, its few GETs included (uploads, mail, token checks), runs there.
    [ROLE_EXTENSION]: 'command' satisfies ApiRole,
    summary: definition.summary,
    tags: [definition.tag],
    ...(protectedRoute ? { security: [{ session: [], csrf: [] }] } : definition.method === 'get' ? {} : { security: [{ csrf: [] }] }),
    request: {
      ...(params instanceof z.ZodObject ? { params } : {}),
      ...(query instanceof z.ZodObject ? { query } : {}),
      ...(definition.method === 'get' ? {} : { headers: takesRevision ? IfMatchHeader.merge(IdempotencyKeyHeader) : IdempotencyKeyHeader }),
      ...(body && definition.method !== 'get' ? { body: { content: { [definition.before ? 'multipart/form-data' : 'application/json']: { schema: body } } } } : {}),
    },
    responses: {
      [definition.status ?? 200]: definition.success ?? { description: 'Done.', content: { 'application/json': { schema: z.object({}).passthrough() } } },
      400: errorResponse('Invalid input; `problems` lists each field with its SPEC §5 message.'),
      ...(protectedRoute ? { 401: errorResponse('Not logged in.') } : {}),
      403: errorResponse('Not allowed, or a missing CSRF token.'),
      // An id in the path or the body (organization_id, copy_from, project_id) may name nothing.
      404: errorResponse('No such item.'),
      ...(definition.method === 'get' ? {} : {
            409: errorResponse('Changed by someone else in the meantime; or the first request with this Idempotency-Key is still being answered.'),
            422: errorResponse('A business rule refused the change; or this Idempotency-Key was already used for a different request.'),
          }),
      ...(takesRevision ? { 412: errorResponse('If-Match named a revision someone else has changed since.') } : {}),
      ...definition.responses,
    },
  });
}
