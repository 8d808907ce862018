import { ProjectState } from '@shop/domain';
import { z } from 'zod';

/** `state`: one code or a comma list (`?state=P,I` or `?state=P&state=I`); `name`: a substring. */
export const ProjectListQuery = z.object({
  query: z.object({
    state: z
      .union([z.string(), z.array(z.string())])
      .optional()
      .transform((value) => (value === undefined ? [] : [value].flat().flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean)))
      .pipe(z.array(ProjectState)),
    name: z.string().max(200).optional(),
  }),
});
