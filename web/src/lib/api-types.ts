import type { paths } from '../../generated/openapi';

/**
 * Response types of the API, taken from the types generated from /api/openapi.json
 * (web/generated/openapi.ts, checked against the served document by tests/int/api-types.test.ts),
 * so an API module names the endpoint instead of writing the shape by hand and casting.
 */
export type ApiPath = keyof paths;

type JsonOf<R> = R extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body of a successful GET of `P`. */
export type GetJson<P extends ApiPath> = paths[P] extends { get: { responses: { 200: infer R } } } ? JsonOf<R> : never;
