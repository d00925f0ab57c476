import type { Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../../../core/json-depth.js'
import type { PassthroughPreset, PassthroughPresets } from './passthrough-presets.js'
import type { RawAnswer, RawVendorApi } from './raw-api.js'

/** How long the service waits for the third party before a passthrough answers 408 (Merge's help centre). */
export const PASSTHROUGH_TIMEOUT_MS = 55_000

/** A preset failure of the third party: its status and message, instead of what its API would answer. */
export interface VendorFailure { readonly status: number, readonly message: string }

/** DataPassthroughRequest, as the route validated it. */
export interface PassthroughRequest {
  readonly method: string
  readonly path: string
  readonly data?: string
  readonly headers?: Readonly<Record<string, unknown>>
  readonly request_format?: 'JSON' | 'XML' | 'MULTIPART'
  readonly multipart_form_data?: ReadonlyArray<Readonly<Record<string, unknown>>>
  readonly base_url_override?: string
  readonly normalize_response?: boolean
}

/** RemoteResponse: the third party's own status and body, inside the service's 200. */
export interface RemoteResponse {
  readonly method: string
  readonly path: string
  readonly status: number
  readonly response: unknown
  readonly response_headers: Readonly<Record<string, string>>
  readonly response_type: 'JSON'
  readonly headers: Readonly<Record<string, unknown>>
}

export interface PassthroughAccount {
  readonly id: string
  readonly category: string
  readonly integrationSlug: string | null
}

/** Headers carrying credentials: the service adds the linked account's own, so a caller's are refused. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'x-account-token'])

/** The simulated integration's base URL: the only value base_url_override may name. */
export const simulatedBaseUrl = (slug: string | null): string => `https://${slug ?? 'integration'}.vendors.unimock.invalid`

/**
 * Passthrough: checks a DataPassthroughRequest as the real service does (credentials are its own to add, the
 * path is relative to the integration's base URL, data matches request_format), hands it to the simulated
 * third party's API and wraps its answer as a RemoteResponse. Throws an AppError for the caller's mistakes;
 * the third party's own refusals (unknown path, bad body) are its status inside a 200.
 */
export class Passthrough {
  readonly #raw: RawVendorApi
  readonly #presets: PassthroughPresets
  readonly #clock: Clock

  constructor (raw: RawVendorApi, presets: PassthroughPresets, clock: Clock) {
    this.#raw = raw
    this.#presets = presets
    this.#clock = clock
  }

  /**
   * POST .../passthrough: the call as the caller waits for it. A slow preset takes its time on the clock; past
   * the service's timeout the answer is a 408 and the third party's answer never arrives (nothing changes).
   */
  async send (tenantId: number, account: PassthroughAccount, req: PassthroughRequest): Promise<RemoteResponse> {
    const preset = this.preset(tenantId, account, req)
    if (preset?.outcome === 'slow') {
      await this.#clock.sleep(Math.min(preset.delayMs, PASSTHROUGH_TIMEOUT_MS))
      if (preset.delayMs > PASSTHROUGH_TIMEOUT_MS) throw appError('PASSTHROUGH_TIMEOUT', { seconds: PASSTHROUGH_TIMEOUT_MS / 1000 })
    }
    return this.run(account, req, preset?.outcome === 'fail' ? preset : undefined)
  }

  /** Checks the call (the caller's mistakes come first), then takes the preset it meets, if any. */
  preset (tenantId: number, account: PassthroughAccount, req: PassthroughRequest): PassthroughPreset | undefined {
    this.check(account, req)
    return this.#presets.take(tenantId, account.id, relative(req.path))
  }

  /** Throws what the real service refuses before calling the third party; answers the parsed body. */
  check (account: PassthroughAccount, req: PassthroughRequest): unknown {
    if (/^[a-z][a-z0-9+.-]*:/i.test(req.path) || req.path.startsWith('//')) throw appError('PASSTHROUGH_ABSOLUTE_PATH', { path: req.path })
    const base = simulatedBaseUrl(account.integrationSlug)
    if (req.base_url_override !== undefined && req.base_url_override.replace(/\/+$/, '') !== base) {
      throw appError('PASSTHROUGH_BASE_URL', { value: req.base_url_override, allowed: base })
    }
    for (const name of Object.keys(req.headers ?? {})) {
      if (CREDENTIAL_HEADERS.has(name.toLowerCase())) throw appError('PASSTHROUGH_AUTH_HEADER', { header: name })
    }
    const format = req.request_format ?? 'JSON'
    if (format === 'MULTIPART') {
      if (req.multipart_form_data === undefined) throw appError('PASSTHROUGH_BAD_DATA', { format, reason: 'MULTIPART sends multipart_form_data, which is missing' })
      return undefined
    }
    if (req.data === undefined || req.data === '') return undefined
    if (format === 'XML') {
      if (!req.data.trimStart().startsWith('<')) throw appError('PASSTHROUGH_BAD_DATA', { format, reason: 'it is not an XML document' })
      return undefined
    }
    if (jsonNestsDeeperThan(req.data)) throw appError('PASSTHROUGH_BAD_DATA', { format, reason: `it nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels, the limit` })
    try {
      return JSON.parse(req.data)
    } catch (err) {
      throw appError('PASSTHROUGH_BAD_DATA', { format, reason: `it is not JSON (${(err as Error).message})` })
    }
  }

  /** The third party's answer now (a preset failure instead of its API's, when given). */
  run (account: PassthroughAccount, req: PassthroughRequest, failure?: VendorFailure): RemoteResponse {
    const body = this.check(account, req)
    const path = relative(req.path)
    const format = req.request_format ?? 'JSON'
    if (failure !== undefined) return this.failed(req, failure)
    const answer: RawAnswer = format === 'JSON' || ['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(req.method)
      ? this.#raw.handle(account, { method: req.method === 'HEAD' ? 'GET' : req.method, path, body })
      : { status: 415, body: { error: 'unsupported_media_type', message: `This API accepts JSON bodies only, not ${format}.` }, headers: { 'content-type': 'application/json' } }
    return answered(req, path, answer)
  }

  /** The third party failed the request (a preset, or a request unimock could not run): its error answer. */
  failed (req: PassthroughRequest, failure: VendorFailure): RemoteResponse {
    return answered(req, relative(req.path), { status: failure.status, body: { error: 'vendor_error', message: failure.message }, headers: { 'content-type': 'application/json' } })
  }
}

function answered (req: PassthroughRequest, path: string, answer: RawAnswer): RemoteResponse {
  const response = req.method === 'HEAD' ? null : answer.body
  return {
    method: req.method,
    path,
    status: answer.status,
    response: req.normalize_response === true ? normalized(response) : response,
    response_headers: answer.headers,
    response_type: 'JSON',
    headers: { ...(req.headers ?? {}), Authorization: '<redacted>' }
  }
}

const relative = (path: string): string => (path.startsWith('/') ? path : `/${path}`)

/** normalize_response=true: the body as {type, value}. */
function normalized (value: unknown): { type: string, value: unknown } {
  const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value
  return { type, value }
}
