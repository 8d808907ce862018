import type { IncomingMessage } from 'node:http';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { DomainError, UnknownEventTypeError, type DomainErrorKind, type FieldProblem } from '@shop/domain';
import { ConcurrencyError, isPoolBusy } from '@shop/infra';
import type { Logger } from '@shop/infra';
import { HttpError } from './http-error.js';

const statusOfKind: Record<DomainErrorKind, number> = {
  validation: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule: 422,
};

interface ErrorBody {
  status: number;
  message: string;
  problems?: FieldProblem[];
}

/** The one place where errors become HTTP answers: `{ status, message }`, never a stack trace. */
export function toErrorBody(error: unknown): ErrorBody {
  if (error instanceof HttpError) return withProblems(error.status, error.message, error.problems);
  if (error instanceof DomainError) return withProblems(statusOfKind[error.kind], error.message, error.problems);
  // A stream holding an event this version cannot read (a newer release wrote it): the same request may
  // go through on a process of the newer version, so it is the service, not the request (decision 0356).
  if (error instanceof UnknownEventTypeError) return { status: 503, message: error.message };
  if (error instanceof ConcurrencyError) {
    return { status: 409, message: 'This was changed by someone else in the meantime. Reload and try again.' };
  }
  if (isPoolBusy(error)) return { status: 503, message: 'The shop is busy right now. Please try again in a moment.' };
  if (error instanceof ZodError) {
    const problems = error.issues.map((issue) => ({ field: issue.path.map(String).join('.'), message: issue.message }));
    return withProblems(400, problems[0]?.message ?? 'Invalid request.', problems);
  }
  const status = httpStatusOf(error);
  if (status === 413) return { status, message: 'The request is too large.' };
  if (status !== undefined && status >= 400 && status < 500) return { status, message: 'The request could not be read.' };
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

/** Seconds a client is asked to wait before trying again after a 503 (the shop was busy). */
const RETRY_AFTER_SECONDS = 1;

/** Headers an error answer carries besides its body: Retry-After on a 503 (decision 0308). */
export function errorHeaders(body: ErrorBody): Record<string, string> {
  return body.status === 503 ? { 'Retry-After': String(RETRY_AFTER_SECONDS) } : {};
}

function withProblems(status: number, message: string, problems: FieldProblem[]): ErrorBody {
  return problems.length > 0 ? { status, message, problems } : { status, message };
}

/** body-parser and multer errors carry a status (400 bad JSON, 413 too large). */
function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' ? candidate : undefined;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const body = toErrorBody(error);
    // req.log carries the request's correlation id (request-log.ts).
    if (body.status >= 500 && body.status !== 503) logFailure(logger, req, error);
    res.status(body.status).set(errorHeaders(body)).json(body);
  };
}

/** A failure of ours (a 500): logged with the request's correlation id (req.log, request-log.ts). */
export function logFailure(logger: Logger, req: IncomingMessage, error: unknown): void {
  const url = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url;
  (req.log ?? logger).error({ err: error, method: req.method, url }, 'request failed');
}

export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ status: 404, message: `No such endpoint: ${req.method} ${req.path}` });
};
