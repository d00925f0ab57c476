/**
 * What the request journal is told, rather than left to guess. Each unified-service route declares its
 * journal kind in its route config, a one-liner that catalogue-driven routes write with their model:
 *
 *   r.get(path, { onRequest: auth.account, config: journaled('list', { model: model.id }), schema }, handler)
 *
 * and hands what only it knows (the cursors it answered, the state a resync found, the account a token
 * exchange returned) to the request's recorder, `request.journal`. The auth hooks record the tenant and
 * account they resolved (accounts/request-auth.ts). The journal (integration/journal) turns all of it into an
 * entry once the request is answered; it never re-reads response bytes or re-authenticates.
 */

/** What a route is to the journal and the integrator report (the `endpoint` facet). */
export type JournalKind =
  | 'list' | 'retrieve'
  | 'sync-status' | 'resync'
  | 'link-token' | 'account-token' | 'exchange'
  | 'account-details' | 'delete-account' | 'linked-accounts'
  | 'scopes' | 'available-actions' | 'account-token-regenerate' | 'remote-key' | 'webhook-receivers' | 'audit-trail' | 'issues' | 'group-types' | 'live-search'
  | 'widget-session' | 'widget-connect' | 'widget-exit' | 'link-complete'
  /** Writes (create, partial update, action, ignore, bulk), /meta and async tasks: writes/routes.ts. */
  | 'write' | 'meta' | 'bulk' | 'async-task'
  | 'passthrough' | 'async-passthrough' | 'async-passthrough-poll' | 'download' | 'download-meta' | 'remote-field-classes' | 'field-mappings'

/** `api`: /api/..., /{category}/v1/...; `widget`: the link widget's calls and the headless completion. */
export type JournalSurface = 'api' | 'widget'

/** A route's journal declaration: its kind and the facts its path fixes. */
export interface JournalRoute {
  readonly kind: JournalKind
  /** model_id of a data route (`hris.Employee`): a list is known by its model whatever path form was used. */
  readonly model?: string
  /** The category of a per-category route. */
  readonly category?: string
  /**
   * A call of the link widget (or the headless completion standing in for it): journaled on the widget
   * surface, tied to the link token found in this part of the request (`link_token`), and, when the route
   * takes no API key, under the API key of the link token's account.
   */
  readonly linkToken?: 'query' | 'body' | 'params'
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared with `journaled()`; a unified-service route without one is journaled with no kind. */
    readonly journal?: JournalRoute
  }
  interface FastifyRequest {
    /** The journal's recorder for this request (set for every request by the journal's first hook). */
    journal: JournalRecorder
  }
}

/** Route config declaring a journal kind: `config: journaled('resync', { category })`. */
export function journaled (kind: JournalKind, facts: Omit<JournalRoute, 'kind'> = {}): { readonly journal: JournalRoute } {
  return { journal: { kind, ...facts } }
}

/** A resync's starting point: how many enabled models were initial, failed, partial, paused or running. */
export interface SyncBefore {
  readonly models: number
  readonly initial: number
  readonly failed: number
  readonly partial: number
  readonly paused: number
  readonly syncing: number
}

/** A write as the journal keeps it: its outcome and fingerprints of its body and Idempotency-Key, never the values. */
export interface WriteFacts {
  /** written (2xx), refused (errors: nothing written), replayed (an Idempotency-Key replay), conflict (a key reused with another body), queued (bulk, async). */
  readonly outcome: 'written' | 'refused' | 'replayed' | 'conflict' | 'queued'
  /** Fingerprint of the request body. */
  readonly body: string
  /** Fingerprint of the Idempotency-Key, when one was sent. */
  readonly key?: string
  /** create, partial_update, action, ignore, bulk_create (the write catalogue's kind). */
  readonly kind: string
}

/** A sync-status page as answered: its fingerprint tells two polls that saw the same state. */
export interface PolledPage {
  readonly next: string | null
  readonly previous: string | null
  readonly results: ReadonlyArray<{ readonly status: string }>
}

/**
 * One request's facts as its handling learns them. Response facts (cursors, the polled page) count only
 * when the request is answered 200 to a GET, as a client would have seen them.
 */
export class JournalRecorder {
  /** When the request arrived, on the app's clock. */
  readonly at: number
  /** The id of the last journal entry finished when the request arrived. */
  readonly startedAfter: number
  /** What the matched route declared; undefined when no route matched or it declared nothing. */
  readonly route: JournalRoute | undefined
  /** Where the request is journaled; undefined: it is not (the plant store, the control API...). */
  readonly surface: JournalSurface | undefined
  /** The error catalogue code the request was answered with, if one was thrown. */
  error: string | null = null
  next?: string | null
  previous?: string | null
  polled?: PolledPage
  syncBefore?: SyncBefore
  /** The account the request acted on when its auth resolved none (a public-token exchange). */
  actedOn?: string
  /** What a write did (writes/routes.ts). */
  written?: WriteFacts

  constructor (at: number, startedAfter: number, route: JournalRoute | undefined, surface: JournalSurface | undefined) {
    this.at = at
    this.startedAfter = startedAfter
    this.route = route
    this.surface = surface
  }

  /** A list page was answered with these cursors. */
  page (next: string | null, previous: string | null): void {
    this.next = next
    this.previous = previous
  }

  /** A sync-status page was answered: its cursors, and the page for the fingerprint polls are compared by. */
  syncStatus (page: PolledPage): void {
    this.page(page.next, page.previous)
    this.polled = page
  }

  /** A resync found this state (read before it changed anything). */
  resyncFrom (before: SyncBefore): void {
    this.syncBefore = before
  }

  /** The request acted on this linked account (a token exchange returns it). */
  account (id: string): void {
    this.actedOn = id
  }

  /** A write was answered with this outcome. */
  write (facts: WriteFacts): void {
    this.written = facts
  }
}
