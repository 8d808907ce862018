import { ProjectState } from '@shop/domain';
import type { ProjectPage } from '@shop/projectors/queries';
import type { Response } from 'express';
import { z } from 'zod';
import { StateListDoc } from '../openapi/params.js';

/** Lists answer a page: `limit` rows (default 100, at most 500) after `offset`; X-Total-Count says how many match. */
export const LIST_PAGE_DEFAULT = 100;
export const LIST_PAGE_MAX = 500;

/**
 * `state`: one code or a comma list (`?state=P,I` or `?state=P&state=I`); `name`: a substring;
 * `limit` and `offset` page through the list in its SPEC §4 order.
 */
export const ProjectListQuery = z.object({
  query: z.object({
    state: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : [value].flat().flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean)))
      .pipe(z.array(ProjectState)),
    name: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).default(LIST_PAGE_DEFAULT),
    offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  }),
});

/** How the list parameters appear in the OpenAPI document. */
export const ProjectListDoc = z.object({
  state: StateListDoc.optional(),
  name: z.string().max(200).optional().describe('Case-insensitive substring of the name, or an order number ("#1042" or "1042")'),
  limit: z.coerce.number().int().min(1).max(LIST_PAGE_MAX).optional().describe(`Page size (default ${LIST_PAGE_DEFAULT})`),
  offset: z.coerce.number().int().min(0).max(10_000_000).optional().describe('Rows to skip'),
});

/**
 * The page's count: `X-Total-Count` when exact; a name search matching more projects than it
 * counts says only `X-Total-Count-At-Least` (decision 0240), so no client shows a guess as a total.
 */
export function setListTotal(res: Response, page: ProjectPage): Response {
  return res.set(listTotalHeaders(page));
}

export function listTotalHeaders(page: ProjectPage): Record<string, string> {
  return page.exact ? { 'X-Total-Count': String(page.total) } : { 'X-Total-Count-At-Least': String(page.total) };
}
