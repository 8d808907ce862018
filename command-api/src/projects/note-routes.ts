import type { Router } from 'express';
import { z } from 'zod';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { internalProject } from './project-answers.js';
import { runProjectCommands } from './project-commands.js';
import { IdParam, RevisionField } from './project-schemas.js';

const NoteParams = z.object({ id: IdParam, noteId: IdParam });
const NoteBody = z.object({ text: z.string({ error: 'Please enter a note.' }).max(8000), revision: RevisionField });

/** Staff notes: POST /api/internal/projects/{id}/notes/, PUT and DELETE .../notes/{noteId}/. */
export function noteRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'post',
    path: '/internal/projects/:id/notes/',
    summary: 'Add a staff note',
    tag: 'internal notes',
    access: 'staff',
    status: 201,
    input: { params: z.object({ id: IdParam }), body: NoteBody },
    handle: async ({ params, body }, { user, correlationId }) => {
      const noteId = deps.ids.next();
      const result = await runProjectCommands(deps, params.id, { user: user!, correlationId, expectedRevision: body.revision }, () => [
        { type: 'AddNote', noteId, text: body.text },
      ]);
      return { ...internalProject(result.view, result.revision), note: result.view.staff_notes.find((note) => note.id === noteId) };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/internal/projects/:id/notes/:noteId/',
    summary: 'Edit a staff note',
    tag: 'internal notes',
    access: 'staff',
    input: { params: NoteParams, body: NoteBody },
    handle: async ({ params, body }, { user, correlationId }) => {
      const result = await runProjectCommands(deps, params.id, { user: user!, correlationId, expectedRevision: body.revision }, () => [
        { type: 'EditNote', noteId: params.noteId, text: body.text },
      ]);
      return { ...internalProject(result.view, result.revision), note: result.view.staff_notes.find((note) => note.id === params.noteId) };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'delete',
    path: '/internal/projects/:id/notes/:noteId/',
    summary: 'Delete a staff note',
    tag: 'internal notes',
    access: 'staff',
    input: { params: NoteParams, query: z.object({ revision: z.coerce.number().int().min(-1).optional() }) },
    handle: async ({ params, query }, { user, correlationId }) => {
      const result = await runProjectCommands(deps, params.id, { user: user!, correlationId, expectedRevision: query.revision }, () => [
        { type: 'DeleteNote', noteId: params.noteId },
      ]);
      return internalProject(result.view, result.revision);
    },
  });
}
