/**
 * The HTTP shell (issue 58 item 7, decision 0461): the Express app every API process serves, its
 * sessions and CSRF protection, errors, validation, security headers, the OpenAPI document and the
 * static web app.
 */
export { HttpError, forbidden, notFound } from './http-error.js';
export { toErrorBody } from './error-handler.js';
export { parseRequest } from './validate.js';
export { listen, onShutdownSignal, type RunningServer } from './http-server.js';
export { createApiApp } from './api-app.js';
export { correlationIdOf } from './request-log.js';
export { serveWeb } from './web-static.js';
export { precomputedJson } from './precomputed-json.js';
export {
  allowInlineStyles,
  markAsPicture,
  securityHeaders,
  securityOptionsOf,
  type SecurityHeaderOptions,
} from './security-headers.js';
export {
  callerScopeOf,
  createSessionSecurity,
  currentUser,
  requireSignedIn,
  requireStaff,
  requireUser,
  sessionIdOf,
  type SessionSecurity,
  type SessionUser,
} from './session.js';
export { recordSessionWrite, sessionWritesOf, type SessionWrites } from './session-writes.js';
export { loadOrCreateSecret } from './secrets.js';
export {
  ErrorBody,
  ROLE_EXTENSION,
  createOpenApiRegistry,
  documentRead,
  errorResponse,
  jsonResponse,
  openApiDocument,
  type ApiRole,
  type OpenAPIRegistry,
} from './openapi.js';
export { revisionOfEntityTag, sendWithEntityTag } from './entity-tag.js';
