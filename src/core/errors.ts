/**
 * One catalogue of every error unimock can answer with. Each entry has an HTTP status and a message template;
 * each interface renders the same AppError in its own wire shape (plant store `{code,type,message}`,
 * unified service `{"detail": ...}`, control API problem details). Messages say what failed and what to do.
 */

interface CatalogueEntry {
  readonly status: number
  readonly title: string
  /** `{name}` placeholders are filled from the params given to `appError`. */
  readonly message: string
}

export const errorCatalogue = {
  ROUTE_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No route {method} {path}. See GET /openapi.json for every route.' },
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed', message: '{method} is not allowed on {path}. Allowed: {allow}.' },
  BODY_TOO_LARGE: { status: 413, title: 'Payload Too Large', message: 'The request body is larger than {limit} bytes. Send a smaller body.' },
  MALFORMED_JSON: { status: 400, title: 'Bad Request', message: 'The request body is not valid JSON: {reason}.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type', message: 'Content-Type {contentType} is not supported. Send application/json.' },
  INVALID_REQUEST: { status: 400, title: 'Bad Request', message: 'Invalid request: {reason}.' },
  INTERNAL: { status: 500, title: 'Internal Server Error', message: 'unimock failed unexpectedly: {reason}. This is a bug in unimock; please report it.' },

  CLOCK_NOT_VIRTUAL: { status: 409, title: 'Conflict', message: 'The clock is real and cannot be moved. Start unimock with --clock virtual to control time.' },
  CLOCK_BACKWARDS: { status: 400, title: 'Bad Request', message: '{reason}. Give a later time or a positive duration.' },
  CLOCK_BAD_DURATION: { status: 400, title: 'Bad Request', message: '"{value}" is not a duration. Use forms such as 500ms, 90s, 15m, 24h, 7d or ISO 8601 such as PT24H.' },
  CLOCK_BAD_INSTANT: { status: 400, title: 'Bad Request', message: '"{value}" is not an ISO 8601 timestamp. Use a form such as 2026-01-01T00:00:00Z.' },
  CLOCK_BAD_ADVANCE: { status: 400, title: 'Bad Request', message: 'Give exactly one of "by" (a duration) or "to" (an ISO 8601 timestamp).' },

  PLANT_INVALID_INPUT: { status: 405, title: 'Invalid input', message: 'Invalid input: {reason}.' },
  PLANT_INVALID_ID: { status: 400, title: 'Invalid ID supplied', message: 'Invalid ID supplied: {reason}.' },
  PLANT_NOT_FOUND: { status: 404, title: 'Plant not found', message: 'Plant not found: no plant has id {id}.' },
  PLANT_INVALID_STATUS: { status: 400, title: 'Invalid status value', message: 'Invalid status value: {reason}. Use available, pending or sold.' },
  PLANT_NO_TAGS: { status: 400, title: 'No tags provided', message: 'No tags provided. Pass tags=a,b or repeat tags=.' },
  PLANT_UNAUTHORIZED: { status: 401, title: 'Unauthorized', message: '{reason}. Log in with GET /v3/user/auth/login and send Authorization: Bearer <token>.' },
  USER_NOT_FOUND: { status: 404, title: 'User not found', message: 'User not found: no user is named {username}.' },
  USER_BAD_LOGIN: { status: 400, title: 'Invalid username/password supplied', message: 'Invalid username/password supplied: {reason}.' },

  // link widget (/link): the pages and JSON endpoints the browser widget talks to
  LINK_WIDGET_UNKNOWN_LINK: { status: 404, title: 'Not Found', message: 'No link session matches this link token. Create one with POST /api/{category}/v1/link-token and pass its link_token to MergeLink.initialize.' },
  LINK_WIDGET_LINK_USED: { status: 400, title: 'Bad Request', message: 'This link token was already used: link tokens are single use. Create a fresh link token for every opening of the widget.' },
  LINK_WIDGET_LINK_EXPIRED: { status: 400, title: 'Bad Request', message: 'This link token has expired. Create a fresh link token (link_expiry_mins sets its lifetime, 30 minutes by default).' },
  LINK_WIDGET_UNKNOWN_INTEGRATION: { status: 400, title: 'Bad Request', message: 'This link does not offer the integration "{integration}". Pick one of: {allowed}.' },
} as const satisfies Record<string, CatalogueEntry>

export type ErrorCode = keyof typeof errorCatalogue

export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly title: string
  readonly headers: Record<string, string>

  constructor (code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message)
    const entry: CatalogueEntry = errorCatalogue[code]
    this.code = code
    this.status = entry.status
    this.title = entry.title
    this.headers = headers
  }
}

export function appError (code: ErrorCode, params: Record<string, string | number> = {}, headers: Record<string, string> = {}): AppError {
  const template: string = errorCatalogue[code].message
  const message = template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole))
  return new AppError(code, message, headers)
}

export function isAppError (value: unknown): value is AppError {
  return value instanceof AppError
}
