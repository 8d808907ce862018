import type { FieldProblem } from '@shop/domain';

/** An error that already knows its HTTP answer. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: FieldProblem[] = [],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what = 'This item') => new HttpError(404, `${what} was not found.`);
export const unauthorized = () => new HttpError(401, 'Please log in.');
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
