import type { RequestHandler, Router } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { z } from 'zod';
import { actsForOwner, projectDecider, validationMessages } from '@shop/domain';
import { type ImageType, loadStream } from '@shop/infra';
import { HttpError, markAsPicture, notFound } from '@shop/http-shell';
import { actorOf, membershipsFor } from '../actor.js';
import type { RouteDeps } from '../deps.js';
import { defineRoute } from '../http/route.js';
import { projectStream } from '../streams.js';
import { customerProject } from './project-answers.js';
import { runProjectCommands } from './project-commands.js';
import { IdParam, ProjectParams } from './project-schemas.js';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

const imageTypes: Record<string, ImageType> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/gif': 'gif' };

const badImage = () => new HttpError(400, validationMessages.imageFileName, [{ field: 'image', message: validationMessages.imageFileName }]);

/** multer in memory with limits; its errors become our answers (413 for too large, 400 otherwise). */
function receiveImage(): RequestHandler {
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000 } }).single('image');
  return (req, res, next) => {
    upload(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        return next(new HttpError(413, `Images can be at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`));
      }
      next(new HttpError(400, error instanceof multer.MulterError ? 'The upload could not be read.' : 'The request could not be read.'));
    });
  };
}

/** PUT /api/projects/{id}/upload/ (multipart image + fabric_id) and GET /api/uploads/{project}/{file}. */
export function uploadRoutes(router: Router, deps: RouteDeps): void {
  defineRoute(router, deps.registry, {
    method: 'put',
    path: '/projects/:id/upload/',
    summary: 'Upload an image (JPEG, PNG or GIF, checked by content, at most 5 MB) for a fabric of a draft',
    tag: 'projects',
    access: 'user',
    before: [receiveImage()],
    input: {
      params: ProjectParams,
      body: z.object({ fabric_id: z.string({ error: 'Please choose the fabric this image is for.' }).min(1).max(64), image: z.any().optional() }),
    },
    handle: async ({ params, body }, { req, user, correlationId }) => {
      const file = req.file;
      if (!file) throw new HttpError(400, 'Please choose an image to upload.', [{ field: 'image', message: 'Please choose an image to upload.' }]);
      const detected = await fileTypeFromBuffer(file.buffer);
      const type = detected ? imageTypes[detected.mime] : undefined;
      if (!type) throw badImage();
      const key = await deps.uploads.save(params.id, type, file.buffer);
      const result = await runProjectCommands(deps, params.id, { user: user!, correlationId }, () => [
        { type: 'UploadImage', fabricId: body.fabric_id, path: key, fileName: file.originalname },
      ]);
      return { ...customerProject(result.view, result.revision), image: { path: key, url: `/api/uploads/${key}` } };
    },
  });

  defineRoute(router, deps.registry, {
    method: 'get',
    path: '/uploads/:projectId/:file',
    summary: "An uploaded image, for the project's owner, its organization's members and staff",
    tag: 'projects',
    access: 'user',
    input: { params: z.object({ projectId: IdParam, file: z.string().max(100) }) },
    success: {
      description: 'The image, with the type its content was checked to be.',
      content: Object.fromEntries(Object.keys(imageTypes).map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
    },
    handle: async ({ params }, { res, user }) => {
      const { state } = await loadStream(deps.eventStore, projectDecider, projectStream(params.projectId));
      if (state.status === 'empty') throw notFound('This image');
      const actor = actorOf(user!, await membershipsFor(deps.eventStore, user!, state.project.organization_id));
      if (!actor.isStaff && !actsForOwner(actor, state.project)) throw notFound('This image');
      const stored = await deps.uploads.read(`${params.projectId}/${params.file}`);
      if (!stored) throw notFound('This image');
      // A customer's file: drawn by <img>, but opened on its own it is downloaded, never rendered
      // as a page of this origin (decision 0191).
      markAsPicture(res, `attachment; filename="${params.file.replace(/[^\w.-]/g, '_')}"`);
      res.status(200).set({ 'Content-Type': stored.contentType, 'Cache-Control': 'private, max-age=3600' }).end(stored.content);
      return undefined;
    },
  });
}
