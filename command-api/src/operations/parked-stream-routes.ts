import type { Router } from 'express';
import { z } from 'zod';
import { requestParkedRetry } from '@shop/infra';
import { notFound } from '@shop/http-shell';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';

const RetryBody = z.object({
  projection: z.string().min(1, 'Name the projection.').max(100),
  stream_id: z.string().min(1, 'Name the stream.').max(200),
});

/**
 * Staff ask for a parked stream to be applied again after a fix (decision 0111). The process
 * that feeds the projection does it within a second or so, hence 202: the health view shows
 * the stream gone, or parked again with the new error.
 */
export function parkedStreamRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/internal/projections/parked/retry/',
    summary: 'Retry a parked stream: its projection applies the events it skipped',
    tag: 'Operations',
    access: 'staff',
    status: 202,
    input: { body: RetryBody },
    handle: async ({ body }) => {
      if (!(await requestParkedRetry(deps.pool, body.projection, body.stream_id))) throw notFound('This parked stream');
      return { projection: body.projection, stream_id: body.stream_id, retry_requested: true, message: 'The retry is on its way; the health view shows the outcome.' };
    },
  });
}
