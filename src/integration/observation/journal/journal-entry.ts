/**
 * One request to the unified service (or to the link widget on its behalf), as the journal keeps it: what
 * the client sent and got, never a secret or personal data in clear. Tokens, e-mail addresses and
 * organisation names appear only as short fingerprints (see fingerprint.ts), so reuse stays detectable.
 */

import type { JournalSurface } from '../../../http/route-facts.js'
import type { SyncBefore, WriteFacts } from '../../base/dialect/journal-recorder.js'

export type { JournalSurface } from '../../../http/route-facts.js'
export type { SyncBefore } from '../../base/dialect/journal-recorder.js'

/** What the integrator report needs beyond method, path, query and status; only the facets a route has are set. */
export interface JournalFacets {
  /** model_id of a data list (`hris.Employee`), whatever path form was used. */
  readonly model?: string
  /** `sync-status`, `resync`, `link-token`, `account-token`, `account-details`, `delete-account`, `linked-accounts`, `widget-session`... */
  readonly endpoint?: string
  readonly pageSize?: number
  readonly cursor?: string
  /** Fingerprints of the next and previous cursors a 200 page answered (null: none). */
  readonly next?: string | null
  readonly previous?: string | null
  readonly modifiedAfter?: string
  readonly modifiedBefore?: string
  readonly syncType?: string
  readonly target?: string
  readonly syncBefore?: SyncBefore
  readonly category?: string
  readonly endUserOriginId?: string
  readonly endUserEmail?: string
  readonly organization?: string
  readonly linkToken?: string
  readonly publicToken?: string
  /** Fingerprint of a 200 sync-status page: equal answers mean nothing changed between two polls. */
  readonly answer?: string
  /** The sync-status page showed a model SYNCING. */
  readonly syncing?: boolean
  /** The link token's state once the widget call was answered (READY, USED, EXPIRED). */
  readonly linkTokenState?: string
  /** The linked account's status once a widget call was answered: COMPLETE after a (re)link. */
  readonly accountStatus?: string
  /** A write's outcome, body and Idempotency-Key fingerprints (personal data never in clear). */
  readonly write?: WriteFacts
}

export interface JournalEntry {
  /** Stable and increasing in the order requests finished; the `after` cursor of GET /_unimock/requests. */
  readonly id: number
  readonly tenantId: number
  /** When the request arrived, on the app's clock (epoch ms). */
  readonly at: number
  /** The id of the last entry finished when this request arrived: what the client could have seen. */
  readonly startedAfter: number
  readonly surface: JournalSurface
  readonly method: string
  /** The path as the client sent it, tokens in it redacted. */
  readonly path: string
  readonly query: Readonly<Record<string, string | readonly string[]>>
  readonly status: number
  /** The error catalogue code of an error answer, when one was thrown. */
  readonly error: string | null
  /** Wall time the server took, ms (Fastify's monotonic measurement). */
  readonly durationMs: number
  /** The linked account the X-Account-Token (or the link token) names, also when authentication failed on its status. */
  readonly accountId: string | null
  readonly facets: JournalFacets
}
