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
  JSON_TOO_DEEP: { status: 400, title: 'Bad Request', message: 'The request body nests arrays and objects deeper than {limit} levels, the limit. Send a flatter body.' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type', message: 'Content-Type {contentType} is not supported. Send application/json.' },
  URI_TOO_LONG: { status: 414, title: 'URI Too Long', message: 'A path segment of this URL is too long. Send the value shorter, or in the body.' },
  HTTP_BAD_REQUEST: { status: 400, title: 'Bad Request', message: 'The request could not be parsed as HTTP/1.1 ({reason}). Check the request line and headers.' },
  HEADERS_TOO_LARGE: { status: 431, title: 'Request Header Fields Too Large', message: 'The request headers are larger than the server accepts (16 KiB). Send fewer or shorter headers.' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request Timeout', message: 'The request did not arrive in time: a client has {bounds}. The connection is closed; send the request again, whole.' },
  EXPECTATION_FAILED: { status: 417, title: 'Expectation Failed', message: 'Expect: {value} is not supported: only 100-continue is. Leave the Expect header out.' },
  INVALID_REQUEST: { status: 400, title: 'Bad Request', message: 'Invalid request: {reason}.' },
  INTERNAL: { status: 500, title: 'Internal Server Error', message: 'unimock failed unexpectedly: {reason}. This is a bug in unimock; please report it.' },

  CLOCK_NOT_VIRTUAL: { status: 409, title: 'Conflict', message: 'The clock is real and cannot be moved. Start unimock with --clock virtual to control time.' },
  CLOCK_BACKWARDS: { status: 400, title: 'Bad Request', message: '{reason}. Give a later time or a positive duration.' },
  CLOCK_BEYOND_HORIZON: { status: 400, title: 'Bad Request', message: 'Cannot advance that far: {reason}. Advance in steps of at most 100 years.' },
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

  // unified service data: common-model lists and records, their filters and cursors (src/integration/third-party/data)
  DATA_BAD_TIMESTAMP: { status: 400, title: 'Bad Request', message: 'Invalid {param} "{value}": {reason}.' },
  DATA_BAD_PARAM: { status: 400, title: 'Bad Request', message: 'Invalid {param} "{value}": {reason}.' },
  DATA_BAD_EXPAND: { status: 400, title: 'Bad Request', message: 'Invalid expand "{value}": {model} has no relation of that name. Use a comma-separated list of: {allowed}.' },
  DATA_FILTER_UNSUPPORTED: { status: 400, title: 'Bad Request', message: 'The {param} filter of {model} is not simulated by unimock: the answer would silently ignore it. Remove it and filter on your side.' },
  DATA_BAD_CURSOR: { status: 400, title: 'Bad Request', message: 'Invalid cursor: it is malformed or was not issued by this server. Pass the next or previous value of an earlier page unchanged.' },
  DATA_CURSOR_FOREIGN: { status: 400, title: 'Bad Request', message: 'Invalid cursor: it belongs to another list (another model or linked account). Use a cursor from a page of this same list.' },
  DATA_CURSOR_PARAMS_CHANGED: { status: 400, title: 'Bad Request', message: 'Invalid cursor: it was issued for different query parameters. Keep every parameter except cursor and page_size identical across pages, or start again without a cursor.' },
  DATA_RECORD_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No {model} with id {id} in this linked account.' },
  DATA_ACCOUNT_NOT_LINKED: { status: 409, title: 'Conflict', message: 'Linked account {id} has not finished linking, so it has no third-party data to sync. Complete its link flow first.' },
  DATA_MODEL_NOT_FOUND: { status: 400, title: 'Bad Request', message: 'Unknown model_id "{model}": use {category}.{ModelName} of the linked account\'s category, such as {example}.' },
  DATA_REMOTE_CHANGE_EMPTY: { status: 400, title: 'Bad Request', message: 'A remote change needs at least one of created, changed or deleted above 0.' },

  // unified service: passthrough to the simulated third party's own API (src/integration/third-party/remote)
  PASSTHROUGH_ABSOLUTE_PATH: { status: 400, title: 'Bad Request', message: 'path "{path}" is an absolute URL: give a path on the integration\'s API, such as /api/v1/employees; the linked account\'s base URL is added by the service.' },
  PASSTHROUGH_BASE_URL: { status: 400, title: 'Bad Request', message: 'base_url_override "{value}" is not the simulated integration\'s host: unimock only reaches its own simulated third party ({allowed}). Leave base_url_override out.' },
  PASSTHROUGH_AUTH_HEADER: { status: 400, title: 'Bad Request', message: 'headers.{header} may not be sent through passthrough: the service adds the linked account\'s credentials itself. Remove it.' },
  PASSTHROUGH_TIMEOUT: { status: 408, title: 'Request Timeout', message: 'The third party did not answer within {seconds} seconds. Send slow requests through async passthrough (POST .../async-passthrough) and poll its receipt or listen for AsyncPassthrough.resolved.' },
  PASSTHROUGH_BAD_DATA: { status: 400, title: 'Bad Request', message: 'data does not match request_format {format}: {reason}.' },
  DOWNLOAD_FOLDER: { status: 400, title: 'Bad Request', message: '{id} is a folder, not a file: only files have bytes to download. List its files with GET /api/filestorage/v1/files?folder_id={id}.' },
  DOWNLOAD_DELETED: { status: 404, title: 'Not Found', message: '{model} {id} was deleted in the third party: it has no bytes to download any more.' },
  DOWNLOAD_BAD_MIME_TYPE: { status: 400, title: 'Bad Request', message: 'mime_type "{value}" is not an export format: give a file extension, one of {allowed}, or leave it out for the original.' },
  FIELD_MAPPING_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No field mapping {id} for this linked account. GET .../field-mappings lists them.' },
  FIELD_MAPPING_BAD_MODEL: { status: 400, title: 'Bad Request', message: '"{name}" is not a common model of {category}: use one of {allowed}.' },
  FIELD_MAPPING_BAD_TARGET: { status: 400, title: 'Bad Request', message: 'organization_wide_target_field {name} is not an organization-wide target field of {model}. POST .../target-fields creates one; GET .../target-fields lists them.' },
  FIELD_MAPPING_TARGET_TAKEN: { status: 400, title: 'Bad Request', message: 'The target field {name} of {model} is already mapped for this linked account: PATCH that mapping or DELETE it first.' },
  FIELD_MAPPING_NO_TARGET: { status: 400, title: 'Bad Request', message: 'A field mapping needs target_field_name (a new target for this linked account) or organization_wide_target_field (an existing organization-wide one).' },
  FIELD_MAPPING_BAD_PATH: { status: 400, title: 'Bad Request', message: 'remote_field_traversal_path must be a non-empty list of keys into the remote record, e.g. ["cf_region"].' },
  FIELD_MAPPING_BAD_JMES: { status: 400, title: 'Bad Request', message: 'jmes_path "{expression}" is not a JMESPath expression unimock can evaluate: {reason}.' },
  ASYNC_PASSTHROUGH_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No async passthrough receipt {id} for this linked account.' },
  ASYNC_PASSTHROUGH_TOO_FAST: { status: 429, title: 'Too Many Requests', message: 'Async passthrough receipts may be polled once every 10 seconds; try again in {seconds} s, or listen for the AsyncPassthrough.resolved webhook.' },

  // unified service: API keys (tenants), account tokens, the link flow, linked accounts (src/integration)
  AUTH_KEY_MISSING: { status: 401, title: 'Unauthorized', message: 'Authentication credentials were not provided. Send the header Authorization: Bearer <API key>.' },
  AUTH_KEY_MALFORMED: { status: 401, title: 'Unauthorized', message: 'Invalid Authorization header: {reason}. Send Authorization: Bearer <API key>.' },
  AUTH_SERVER_WIDE: { status: 401, title: 'Unauthorized', message: 'This server runs with --api-key, so it is shared: a reset or a clock move names its key (Authorization: Bearer <key>) and acts on that key\'s world alone. The keyless form, which acts on every key\'s, is for a server without --api-key.' },
  AUTH_TOO_MANY_KEYS: { status: 503, title: 'Service Unavailable', message: 'This unimock already holds {max} API keys (--max-tenants), and a new key would be one more. Use a key it knows, or reset it (POST /_unimock/reset).' },
  AUTH_KEY_IS_ACCOUNT_TOKEN: { status: 401, title: 'Unauthorized', message: 'Invalid API key: this is an account token, which belongs in the X-Account-Token header; send your API key as Authorization: Bearer <key>.' },
  AUTH_KEY_UNKNOWN: { status: 401, title: 'Unauthorized', message: 'Invalid API key: it is not one of the keys unimock was started with (--api-key). Send one of those keys.' },
  WEBHOOK_LISTENER_NOT_FOUND: { status: 404, title: 'Not Found', message: 'Not found: no linked account has this webhook listener URL (it was deleted, or the URL was mistyped).' },
  AUTH_ACCOUNT_TOKEN_MISSING: { status: 401, title: 'Unauthorized', message: 'Account Token must be passed in as an X-Account-Token header.' },
  AUTH_ACCOUNT_TOKEN_UNKNOWN: { status: 401, title: 'Unauthorized', message: 'Invalid X-Account-Token: no linked account of this API key has this account token. Each API key is a world of its own: send the account_token that the public token exchange returned under this same key.' },
  AUTH_ACCOUNT_TOKEN_EVICTED: { status: 401, title: 'Unauthorized', message: 'Invalid X-Account-Token: no linked account of this API key has it, because this key\'s world was evicted: a new key came beyond --max-tenants {max} while this one had been idle the longest, and its linked accounts, data and account tokens were deleted (the server log has a warn line for it). Link the account again; to keep more keys, start unimock with a larger --max-tenants (UNIMOCK_MAX_TENANTS).' },
  AUTH_ACCOUNT_DELETED: { status: 401, title: 'Unauthorized', message: 'Invalid X-Account-Token: its linked account was deleted. Run the link flow again to get a new account token.' },
  AUTH_ACCOUNT_WRONG_CATEGORY: { status: 401, title: 'Unauthorized', message: 'Invalid X-Account-Token for the {pathCategory} category: this account token belongs to a {accountCategory} linked account. Call /api/{accountCategory}/v1/... with it.' },
  AUTH_ACCOUNT_INCOMPLETE: { status: 401, title: 'Unauthorized', message: 'This linked account has not finished linking. Complete the link flow, then exchange the public token.' },
  AUTH_ACCOUNT_RELINK_NEEDED: { status: 401, title: 'Unauthorized', message: 'This linked account needs to be relinked: its credentials are no longer valid. Create a link token with the same end_user_origin_id and complete the link flow again.' },
  AUTH_ACCOUNT_RELINK_NEEDED_FORBIDDEN: { status: 403, title: 'Forbidden', message: 'This linked account needs to be relinked: its credentials are no longer valid. Create a link token with the same end_user_origin_id and complete the link flow again.' },
  LINK_TOKEN_BAD_FIELD: { status: 400, title: 'Bad Request', message: 'Invalid {field}: {reason}.' },
  LINK_INTEGRATION_UNKNOWN: { status: 400, title: 'Bad Request', message: 'Invalid {field}: "{slug}" is not an integration of the {category} category. Use one of: {known}.' },
  PUBLIC_TOKEN_UNKNOWN: { status: 400, title: 'Bad Request', message: 'Invalid public token: no public token of this API key matches. Exchange the public_token the link flow handed to onSuccess, with the API key that created the link token.' },
  PUBLIC_TOKEN_USED: { status: 400, title: 'Bad Request', message: 'This public token was already exchanged: a public token is single use. Keep the account_token of the first exchange, or run the link flow again.' },
  PUBLIC_TOKEN_EXPIRED: { status: 400, title: 'Bad Request', message: 'This public token expired at {expiredAt} (public tokens live {ttl}). Run the link flow again to get a new one.' },
  ACCOUNT_LIST_BAD_FILTER: { status: 400, title: 'Bad Request', message: 'Invalid {param}: {reason}.' },
  ACCOUNT_LIST_BAD_CURSOR: { status: 400, title: 'Bad Request', message: 'Invalid cursor. Pass the next or previous value of an earlier page unchanged, with the same filters.' },
  LINKED_ACCOUNT_PATCH_NOT_FOUND: { status: 404, title: 'Not Found', message: 'Not found.' },
  LINKED_ACCOUNT_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No linked account {id} belongs to this API key. GET /_unimock/linked-accounts lists them.' },
  LINKED_ACCOUNT_EXISTS: { status: 409, title: 'Conflict', message: 'A complete {category} linked account ({id}) already exists for end_user_origin_id "{originId}". Relink it through a new link token, or delete it first.' },
  LINKED_ACCOUNT_NOT_COMPLETE: { status: 409, title: 'Conflict', message: 'Linked account {id} is {status}: only a linked account that finished linking can need relinking.' },

  // sync status, resync and rate limits (src/integration/background/sync)
  SCOPES_UNKNOWN_MODEL: { status: 400, title: 'Bad Request', message: 'Invalid common_models: "{model}" is not a common model of the {category} category. Use one of: {allowed}.' },
  SCOPES_UNKNOWN_FIELD: { status: 400, title: 'Bad Request', message: 'Invalid field_permissions of {model}: "{field}" is not a field of {model} that scopes can disable. Use one of: {allowed}.' },
  SCOPES_BAD_PERMISSION: { status: 400, title: 'Bad Request', message: 'Invalid model_permissions of {model}: "{key}" is not a permission. Use READ or WRITE, each {"is_enabled": true|false}.' },
  SCOPES_FIELD_CONFLICT: { status: 400, title: 'Bad Request', message: 'Invalid field_permissions of {model}: "{field}" is both enabled and disabled. Name it in one list only.' },
  REMOTE_KEY_EXISTS: { status: 400, title: 'Bad Request', message: 'A remote key named "{name}" already exists. Regenerate it with POST regenerate-key, or generate one with another name.' },
  REMOTE_KEY_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No remote key is named "{name}". Generate it first with POST generate-key.' },
  WEBHOOK_RECEIVER_UNKNOWN_EVENT: { status: 400, title: 'Bad Request', message: 'Invalid event "{event}": not a third-party event of the {category} category. Use <model>.<created|updated|deleted> with a common model of the category, such as {example}.' },
  AUDIT_BAD_FILTER: { status: 400, title: 'Bad Request', message: 'Invalid {param} "{value}": {reason}.' },
  AUDIT_BAD_CURSOR: { status: 400, title: 'Bad Request', message: 'Invalid cursor. Pass the next or previous value of an earlier page unchanged, with the same filters.' },
  ISSUE_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No issue {id} belongs to this API key. GET issues lists them.' },
  CUSTOM_OBJECT_BAD_FILTER: { status: 400, title: 'Bad Request', message: 'Invalid {param} "{value}": give an ISO 8601 date-time such as 2026-01-01T00:00:00Z.' },
  CUSTOM_OBJECT_CLASS_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No custom object class {id} in this linked account. GET /api/crm/v1/custom-object-classes lists them.' },
  CUSTOM_OBJECT_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No custom object {id} of class {classId} in this linked account.' },
  ASSOCIATION_TYPE_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No association type {id} of custom object class {classId} in this linked account. GET .../custom-object-classes/{classId}/association-types lists them.' },
  ASSOCIATION_TYPE_TARGET: { status: 400, title: 'Bad Request', message: 'Association type {typeId} does not join objects of class {targetClassId}: name a target class it lists in target_object_classes.' },
  ISSUE_BAD_FILTER: { status: 400, title: 'Bad Request', message: 'Invalid {param} "{value}": {reason}.' },
  SYNC_UNKNOWN_TARGET: { status: 400, title: 'Bad Request', message: 'Invalid target "{target}": it is not a model of this linked account. Use one of: {allowed}.' },
  SYNC_TARGET_DISABLED: { status: 400, title: 'Bad Request', message: 'Invalid target "{target}": the model is DISABLED for this linked account and never syncs. Enable it first.' },
  SYNC_MISSING_TARGET: { status: 400, title: 'Bad Request', message: 'Invalid target: an INCREMENTAL resync needs "target", the model_id to sync (e.g. hris.Employee).' },
  SYNC_BAD_TYPE: { status: 400, title: 'Bad Request', message: 'Invalid sync_type "{value}": use FULL or INCREMENTAL (or send no body for FULL).' },
  SYNC_UNKNOWN_ACCOUNT: { status: 404, title: 'Not Found', message: 'No linked account {id} for this API key. List them with GET /_unimock/linked-accounts.' },
  SYNC_NOT_LINKED: { status: 409, title: 'Conflict', message: 'Linked account {id} has not finished linking, so it has no sync state yet. Complete its link flow first.' },
  SYNC_UNKNOWN_MODEL: { status: 400, title: 'Bad Request', message: 'Unknown model_id "{model}" for this linked account. Use one of: {allowed}.' },
  SYNC_BAD_DURATION: { status: 400, title: 'Bad Request', message: '"{value}" is not a duration for {field}. Use forms such as 90s, 15m, 24h or PT5M.' },
  RATE_LIMITED: { status: 429, title: 'Too Many Requests', message: 'You have reached the rate limit of {limit} requests per minute for this linked account. Retry after {seconds} seconds.' },
  RESYNC_RATE_LIMITED: { status: 429, title: 'Too Many Requests', message: 'A FULL resync of this linked account is limited to one every {window}; the next one is possible in {seconds} seconds. Use an INCREMENTAL resync with a target for fresher data now.' },

  // webhooks: targets, the delivery journal, delivery faults, on-demand events (src/integration/background/webhooks)
  WEBHOOK_TARGET_REFUSED: { status: 400, title: 'Bad Request', message: 'Webhook target refused: {reason}. unimock does not POST to link-local addresses, cloud metadata services or 0.0.0.0 and ::, where anyone who can reach it could otherwise send signed requests; loopback and private networks (127.0.0.0/8, 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16) are allowed. For a deliberate set-up, start unimock with --webhook-allow-private (UNIMOCK_WEBHOOK_ALLOW_PRIVATE).' },
  WEBHOOK_TARGET_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No webhook target {id} for this API key. GET /_unimock/webhooks/targets lists them.' },
  WEBHOOK_TARGET_FROM_FLAG: { status: 409, title: 'Conflict', message: 'Webhook target {id} comes from --webhook-url and applies to every API key; it cannot be deleted through the control API. Restart unimock without that flag.' },
  WEBHOOK_BAD_CATEGORY: { status: 400, title: 'Bad Request', message: 'Invalid category "{value}": use one of {allowed}.' },
  WEBHOOK_DELIVERY_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No webhook delivery {id} for this API key. GET /_unimock/webhooks/deliveries lists them.' },
  WEBHOOK_FAULT_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No webhook fault {id} for this API key (spent, cleared or never added). GET /_unimock/webhooks/faults lists them.' },
  WEBHOOK_BAD_FAULT: { status: 400, title: 'Bad Request', message: 'Invalid {kind} fault: {reason}.' },
  WEBHOOK_UNKNOWN_EVENT: { status: 400, title: 'Bad Request', message: 'Unknown event "{event}" for this {category} linked account. Use one of: {allowed}.' },
  WEBHOOK_ACCOUNT_NOT_LINKED: { status: 409, title: 'Conflict', message: 'Linked account {id} has not finished linking, so it has no {event} to send. Complete its link flow first.' },
  // link widget (/link): the pages and JSON endpoints the browser widget talks to
  LINK_WIDGET_UNKNOWN_LINK: { status: 404, title: 'Not Found', message: 'No link session matches this link token. Create one with POST /api/{category}/v1/link-token and pass its link_token to MergeLink.initialize.' },
  LINK_WIDGET_LINK_USED: { status: 400, title: 'Bad Request', message: 'This link token was already used: link tokens are single use. Create a fresh link token for every opening of the widget.' },
  LINK_WIDGET_LINK_EXPIRED: { status: 400, title: 'Bad Request', message: 'This link token has expired. Create a fresh link token (link_expiry_mins sets its lifetime, 30 minutes by default).' },
  LINK_WIDGET_UNKNOWN_INTEGRATION: { status: 400, title: 'Bad Request', message: 'This link does not offer the integration "{integration}". Pick one of: {allowed}.' },
  // service faults of the unified service (src/integration/control/faults): the control API's errors, then the injected
  // answers. 401 is the one real 401 body on record; 403 404 429 500 503 are Django REST framework's defaults.
  FAULT_BAD_BODY: { status: 400, title: 'Bad Request', message: 'Invalid fault: {field} {reason}.' },
  PASSTHROUGH_PRESET_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No passthrough preset {id} for this API key (spent, cleared or never added). GET /_unimock/passthrough-presets lists them.' },
  WRITE_PRESET_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No write preset {id} for this API key (spent, cleared or never added). GET /_unimock/write-presets lists them.' },
  FAULT_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No service fault {id} for this API key. GET /_unimock/faults lists them.' },
  FAULT_STATUS_401: { status: 401, title: 'Unauthorized', message: 'Account Token must be passed in as an X-Account-Token header.' },
  FAULT_STATUS_403: { status: 403, title: 'Forbidden', message: 'You do not have permission to perform this action.' },
  FAULT_STATUS_404: { status: 404, title: 'Not Found', message: 'Not found.' },
  FAULT_STATUS_429: { status: 429, title: 'Too Many Requests', message: 'Request was throttled. Expected available in {wait}.' },
  FAULT_STATUS_500: { status: 500, title: 'Internal Server Error', message: 'A server error occurred.' },
  FAULT_STATUS_502: { status: 502, title: 'Bad Gateway', message: 'Bad gateway: an upstream server did not answer. Try again later.' },
  FAULT_STATUS_503: { status: 503, title: 'Service Unavailable', message: 'Service temporarily unavailable, try again later.' },
  // request journal and integrator report (src/integration/observation/journal, src/integration/observation/report)
  JOURNAL_BAD_FILTER: { status: 400, title: 'Bad Request', message: 'Invalid {param}: {reason}.' },

  // scenarios: files of timed steps played on the clock (src/integration/control/scenarios)
  SCENARIO_INVALID: { status: 400, title: 'Bad Request', message: '{reason}.' },
  SCENARIO_SOURCE: { status: 400, title: 'Bad Request', message: 'Give exactly one of file (a file name in the scenarios folder), scenario (the scenario itself) or text (YAML or JSON).' },
  SCENARIO_FILE_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No scenario file "{file}" in {dir}. Available: {available}.' },
  SCENARIO_RUN_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No scenario run {id} for this API key.' },
  SCENARIO_START_SETTING: { status: 409, title: 'Conflict', message: 'The scenario sets {setting} to {wanted}, but this server runs with {actual}. Start-time settings apply with --scenario at start, or restart with {flag} {wanted}.' },

  // the conformance kit's run as its unimock serves it (src/dashboard/conformance-route.ts)
  CONFORMANCE_SCREENSHOT_NOT_FOUND: { status: 404, title: 'Not Found', message: 'No screenshot of check {id}: {reason}. GET /_unimock/conformance lists the checks, with the screenshot of each failed page check.' },
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
