import { z } from 'zod';
import { HttpError } from '@shop/http-shell';
import type { NotificationsService } from '../deps.js';
import type { ContentNotification } from './notification-shapes.js';

const ContentResponse = z.object({
  data: z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      attributes: z.object({ Active: z.boolean().nullable().optional(), Message: z.string().nullable().optional() }).loose(),
    }),
  ),
});

/**
 * Active notifications from the external content service (SPEC §7: a GET API with a bearer
 * credential). Only entries with Active true and a message are passed on, in the service's order.
 */
export async function fetchExternalNotifications(service: NotificationsService, timeoutMs = 3000): Promise<ContentNotification[]> {
  let body: unknown;
  try {
    const response = await fetch(service.url, {
      headers: { authorization: `Bearer ${service.token}`, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = await response.json();
  } catch (error) {
    throw new HttpError(502, `The notifications service could not be reached (${error instanceof Error ? error.message : String(error)}).`);
  }
  const parsed = ContentResponse.safeParse(body);
  if (!parsed.success) throw new HttpError(502, 'The notifications service answered in an unexpected shape.');
  return parsed.data.data
    .filter((entry) => entry.attributes.Active === true && typeof entry.attributes.Message === 'string')
    .map((entry) => ({ id: entry.id, attributes: { Active: true, Message: entry.attributes.Message as string } }));
}
