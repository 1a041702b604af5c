// The one error type. Services throw these; the error mapper in app.ts turns them into
// `{ message, fields? }` JSON under /api and into the error screens for pages.
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) => new HttpError(400, message, fields);
export const unauthorized = (message = "You need to sign in first.") => new HttpError(401, message);
export const forbidden = (message = "You do not have permission to do that.") => new HttpError(403, message);
export const notFound = (message = "Page not found") => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const payloadTooLarge = (message = "The request body is too large.") => new HttpError(413, message);
export const unsupportedMediaType = (message: string, fields?: Record<string, string>) => new HttpError(415, message, fields);
export const tooManyRequests = (retryAfterSeconds: number, message = "Too many requests, try again later.") =>
  new HttpError(429, message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
