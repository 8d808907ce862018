import type { ProjectStreamState } from '@shop/domain';

/** A project stream's folded state and the revision of the last event folded into it. */
export interface FoldedProject {
  state: ProjectStreamState;
  revision: number;
}

/**
 * A project's folded state as `project_details.stream_state` holds it: the text of its JSON, as
 * `JSON.stringify` wrote it (a query parameter, a rebuild's COPY line), read back whole. The column
 * is `text`, not `json`, so the server does not validate every state it is given (decision 0298);
 * the parse here is the one node-postgres made of the `json` column before.
 */
export const storedState = (text: string): ProjectStreamState => JSON.parse(text) as ProjectStreamState;
