import type { RequestHandler } from 'express';
import { contextOfHeaders, SpanKind, startSpan, withSpan } from '../tracing/tracing.js';

/**
 * One server span per request, the child of the caller's `traceparent` header when it sends one
 * (the scaled front does): the command, the append and the event's way on hang under it. Named by
 * method and route pattern (`POST /api/internal/projects/:id/approve`), never by the path as asked,
 * which may hold an e-mail or a token; with tracing off the span is the API's no-op (decision 0400).
 */
export function requestSpan(): RequestHandler {
  return (req, res, next) => {
    const parent = contextOfHeaders(req.headers);
    const span = startSpan(`${req.method}`, { kind: SpanKind.SERVER, parent, attributes: { 'http.request.method': req.method } });
    res.once('close', () => {
      const route = req.route ? `${req.baseUrl}${String((req.route as { path: unknown }).path)}` : undefined;
      if (route) span.updateName(`${req.method} ${route}`).setAttribute('http.route', route);
      span.setAttribute('http.response.status_code', res.statusCode);
      span.end();
    });
    withSpan(span, parent, next);
  };
}
