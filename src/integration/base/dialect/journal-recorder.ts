import type { JournalKind, JournalSurface, RouteFacts } from '../../../http/route-facts.js'

/**
 * What the request journal is told, rather than left to guess. Each route of the unified service declares
 * what it is in its route config (src/http/route-facts.ts, read by authentication, the faults, the journal
 * and the dashboard alike), a one-liner that catalogue-driven routes write with their model:
 *
 *   r.get(path, { onRequest: auth.account, config: journaled('list', { category, model: model.id, facets: ['model'] }), schema }, handler)
 *
 * and hands what only it knows (the cursors it answered, the state a resync found, the account a token
 * exchange returned) to the request's recorder, `request.journal`. The auth hooks record the tenant and
 * account they resolved (accounts/request-auth.ts). The journal (integration/observation/journal) turns all of it into an
 * entry once the request is answered; it never re-reads response bytes or re-authenticates.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The journal's recorder for this request (set for every request by the journal's first hook). */
    journal: JournalRecorder
  }
}

/**
 * Route config declaring a route of the unified service (or of the link widget, with `linkToken`):
 * `config: journaled('resync', { category, facets: [] })`. Its entries show the category and model it
 * declares unless `facets` names fewer. A null kind: the journal knows the route by its path alone.
 */
export function journaled (kind: JournalKind | null, facts: Omit<RouteFacts, 'kind' | 'surface'> = {}): { readonly facts: RouteFacts } {
  const facets = facts.facets ?? (['category', 'model'] as const).filter((f) => facts[f] !== undefined)
  return { facts: { surface: facts.linkToken === undefined ? 'api' : 'widget', ...(kind === null ? {} : { kind }), ...facts, facets } }
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
  /** create, partial_update, action, ignore, bulk_create (the write surface's kind). */
  readonly kind: string
}

/** A sync-status page as answered: its fingerprint tells two polls that saw the same state. */
export interface PolledPage {
  readonly next: string | null
  readonly previous: string | null
  readonly results: ReadonlyArray<{ readonly status: string }>
}

/**
 * A link token as a widget call (or the headless completion) found it and left it: what the entry shows of
 * its account, which is in the token's tenant. The link service's view of a token is one.
 */
export interface LinkTokenFacts {
  readonly state: string
  readonly account: { readonly id: string, readonly tenantId: number, readonly status: string, readonly category: string }
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
  readonly route: RouteFacts | undefined
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
  /** The link token the handler found, as it left it; null: it matched none. Unset: the handler never looked. */
  linkTokenFound?: LinkTokenFacts | null

  constructor (at: number, startedAfter: number, route: RouteFacts | undefined, surface: JournalSurface | undefined) {
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

  /** The request's link token as found (null: unknown), told again once acting on it changed it. */
  linkToken (found: LinkTokenFacts | null): void {
    this.linkTokenFound = found
  }
}
