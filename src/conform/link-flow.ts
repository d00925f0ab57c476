import { CATEGORIES } from '../integration/base/catalogue/categories.js'
import { type Backend, type BackendAnswer, expectRouteBody, answerLine, routeBody, type User } from './backend.js'
import { BackendFault } from './errors.js'
import { Mutex } from './timing.js'
import type { World } from './world.js'

/**
 * The link flow as a user's browser and the end user drive it: create-link-token on the backend, the link
 * widget finished headlessly at unimock (the kit plays the end user), exchange-public-token on the backend.
 * Each check works on integrations of its own, one per (user, category): the backend keeps one integration
 * per category and organisation, so independent checks take different slots. A user's flows never overlap
 * (the exchange's body has no category: a backend finds the pending record its own way, often by user).
 */

export interface Linked {
  readonly user: User
  readonly category: string
  readonly accountId: string
  readonly originId: string
  readonly accountToken: string
  readonly publicToken: string
  readonly exchange: BackendAnswer
  /** As the route map says (the exchange answer's field, or the service's linked account id), else the backend's listing. */
  readonly integrationId: IntegrationId | undefined
}

/** A link token the backend answered, and whose it is at unimock. */
export interface Opened {
  readonly category: string
  readonly answer: BackendAnswer
  readonly token: string
  readonly accountId: string
  readonly originId: string
}

export interface LinkOptions {
  /** Keep every other flow out of the category (see openFresh). */
  readonly exclusive?: boolean
  /** Before the end user finishes the widget: presets of the initial sync, the category's webhook target. */
  readonly opened?: (opened: Opened) => Promise<void>
}

/** What relink, delete and check-sync-status take: the spec's integer, or whatever the route map names (a linked account id). */
export type IntegrationId = number | string

/** A check the backend cannot be driven into (no slot left, no integration id): not applicable, for this reason. */
export class NotDrivable extends Error {}

/** The integration id a route needs, or NotDrivable when the backend tells none. */
export function integrationIdOf (linked: Linked): IntegrationId {
  if (linked.integrationId === undefined) throw new NotDrivable('the backend tells no integration id (neither in the exchange answer nor in GET {prefix}/integrations), which relink, delete and check-sync-status take: name where it is with a --routes map ("id_from")')
  return linked.integrationId
}

export class LinkFlows {
  readonly #backend: Backend
  readonly #world: World
  readonly #users: readonly User[]
  readonly #mutexes = new Map<User, Mutex>()
  readonly #taken = new Map<User, Set<string>>()
  readonly #unsupported = new Set<string>()
  /** Categories an exclusive flow holds: no other flow of any user links in them. */
  readonly #reserved = new Set<string>()
  /** The category and origin id of each user's latest create-link-token: what an exchange names where the route map asks. */
  readonly #pending = new Map<User, { category: string, originId: string | undefined }>()
  /** The integration of the link family's flow (user 1), once linked: idle afterwards, so later checks reuse it. */
  first: Linked | undefined
  /** Every public token exchange-public-token took (answered 200) in a link flow: each must be exchanged once. */
  readonly exchanged: string[] = []
  /**
   * Answers to situations whose status the spec leaves open, taken where a flow has the state for them (a
   * pending record for a refused public token): routes.open-statuses judges them.
   */
  readonly openAnswers: { refusedToken?: BackendAnswer } = {}

  constructor (backend: Backend, world: World, users: readonly User[]) {
    this.#backend = backend
    this.#world = world
    this.#users = users
  }

  user (index: number): User {
    const user = this.#users[index]
    if (user === undefined) throw new NotDrivable('needs a second user of another organisation (--app-header-2)')
    return user
  }

  /** Runs `work` while no other link flow of the user runs. */
  async exclusive<T> (user: User, work: () => Promise<T>): Promise<T> {
    let mutex = this.#mutexes.get(user)
    if (mutex === undefined) { mutex = new Mutex(); this.#mutexes.set(user, mutex) }
    return await mutex.run(work)
  }

  /** The category and origin id of the user's latest create-link-token (what a route map's exchange may name). */
  pendingOf (user: User): { category?: string, originId?: string } {
    const p = this.#pending.get(user)
    return p === undefined ? {} : { category: p.category, ...(p.originId === undefined ? {} : { originId: p.originId }) }
  }

  /** Categories the backend refused as such (a fresh record's create-link-token answered 400). */
  get unsupported (): readonly string[] { return [...this.#unsupported] }

  /**
   * create-link-token for a category the user has no integration in yet (preferred ones first): a 400 for a
   * fresh record means the backend does not offer that category, and the next is tried. An `exclusive` flow
   * takes a category no user has an integration in, and keeps every other flow out of it: its check changes
   * what the whole category gets (its webhook target). Call inside exclusive().
   */
  async openFresh (user: User, preferred: readonly string[] = [], exclusive = false): Promise<Opened> {
    const taken = this.#takenBy(user)
    const anyone = (category: string): boolean => [...this.#taken.values()].some((t) => t.has(category))
    for (const category of [...preferred, ...CATEGORIES]) {
      if (taken.has(category) || this.#unsupported.has(category) || this.#reserved.has(category) || (exclusive && anyone(category))) continue
      taken.add(category)
      if (exclusive) this.#reserved.add(category)
      const answer = await this.#backend.call(user, 'create-link-token', { category })
      this.#pending.set(user, { category, originId: this.#world.linkToken(String(routeBody(answer)?.link_token ?? ''))?.originId })
      if (answer.status === 400) { this.#unsupported.add(category); continue }
      return { category, answer, ...this.issued(answer) }
    }
    const more = this.#users.length < 2 ? '; a second user (--app-header-2) gives every check an integration of its own' : ''
    throw new NotDrivable(`no category left for ${user.name}${exclusive ? ' that no other check uses' : ''} (taken: ${[...taken].filter((c) => !this.#unsupported.has(c)).join(', ')}; refused by the backend: ${this.unsupported.join(', ') || 'none'}${more})`)
  }

  #takenBy (user: User): Set<string> {
    let taken = this.#taken.get(user)
    if (taken === undefined) { taken = new Set(); this.#taken.set(user, taken) }
    return taken
  }

  /** The link token of a 200 answer, and whose it is at unimock; a BackendFault for anything else. */
  issued (answer: BackendAnswer): { token: string, accountId: string, originId: string } {
    const body = expectRouteBody(answer)
    const token = body.link_token
    if (answer.status !== 200 || body.success !== true || typeof token !== 'string') {
      throw new BackendFault(`expected create-link-token to answer 200 {success: true, link_token}; got ${answerLine(answer)}`)
    }
    const at = this.#world.linkToken(token)
    if (at === undefined) throw new BackendFault(`the link token create-link-token answered is none unimock issued: ${answerLine(answer)}`)
    return { token, accountId: at.accountId, originId: at.originId }
  }

  /** The end user finishes the widget: success gives a public token; exit leaves the attempt incomplete. */
  async finish (linkToken: string, outcome: 'success' | 'exit'): Promise<string | undefined> {
    const done = await this.#world.control.postLinkTokensByLinkTokenComplete({ link_token: linkToken }, { outcome })
    return done.public_token ?? undefined
  }

  /**
   * A whole link: create-link-token, the widget finished (after `beforeComplete`, e.g. presets of the initial
   * sync), exchange-public-token. Throws NotDrivable when no category is left, BackendFault when a step fails.
   */
  async link (userIndex: number, preferred: readonly string[] = [], options: LinkOptions = {}): Promise<Linked> {
    const user = this.user(userIndex)
    return await this.exclusive(user, async () => {
      const opened = await this.openFresh(user, preferred, options.exclusive === true)
      await options.opened?.(opened)
      const publicToken = (await this.finish(opened.token, 'success'))!
      const exchange = await this.exchange(user, publicToken, { category: opened.category, originId: opened.originId })
      const body = expectRouteBody(exchange)
      if (exchange.status !== 200 || body.success !== true) {
        throw new BackendFault(`expected exchange-public-token to answer 200 {success: true}; got ${answerLine(exchange)}`)
      }
      const account = await this.#world.account(opened.accountId)
      return {
        user,
        category: opened.category,
        accountId: opened.accountId,
        originId: opened.originId,
        accountToken: account?.account_token ?? '',
        publicToken,
        exchange,
        integrationId: await this.integrationId(user, opened.category, opened.originId, opened.accountId, body)
      }
    })
  }

  /**
   * exchange-public-token as the browser sends it once the widget succeeded: the public token, and where the
   * route map asks for them the category and origin id of the attempt (by default those of the user's latest
   * create-link-token).
   */
  async exchange (user: User, publicToken: string | undefined, about: { category?: string, originId?: string } = this.pendingOf(user)): Promise<BackendAnswer> {
    const answer = await this.#backend.call(user, 'exchange-public-token', { publicToken, category: about.category, originId: about.originId })
    if (answer.status === 200 && publicToken !== undefined) this.exchanged.push(publicToken)
    return answer
  }

  /** The integration id where the route map says it is, else the backend's listing (by category and origin id). */
  async integrationId (user: User, category: string, originId: string, accountId: string, exchanged?: Record<string, unknown>): Promise<IntegrationId | undefined> {
    const source = this.#backend.routes.idFrom
    if (source.from === 'linked-account-id') return accountId
    const given = fieldOf(exchanged, source.field)
    if (Number.isInteger(given) || (typeof given === 'string' && given !== '')) return given as IntegrationId
    const row = (await listing(this.#backend, user))?.find((r) => r.category === category && (r.end_user_origin_id === undefined || r.end_user_origin_id === originId))
    return row?.integration_id
  }
}

/** A field of an answer by dotted path (`data.integration_id`). */
export function fieldOf (body: Record<string, unknown> | undefined, path: string): unknown {
  let at: unknown = body
  for (const key of path.split('.')) at = typeof at === 'object' && at !== null ? (at as Record<string, unknown>)[key] : undefined
  return at
}

export interface ListedIntegration {
  readonly integration_id: IntegrationId
  readonly category: string
  readonly status: string
  readonly end_user_origin_id?: string
}

/**
 * GET {prefix}/integrations, when the backend offers it; undefined otherwise (no listing in the route map, or
 * not answered 200). A 200 without the rows where the route map says (`integrations.field`) is a BackendFault
 * that says so: read as "nothing listed", it would pass a backend that keeps what it deleted.
 */
export async function listing (backend: Backend, user: User): Promise<ListedIntegration[] | undefined> {
  const answer = await backend.listing(user)
  if (answer === undefined || answer.status !== 200) return undefined
  const { field, id } = backend.routes.integrations ?? { field: 'integrations', id: 'integration_id' }
  const rows = fieldOf(answer.json as Record<string, unknown> | undefined, field)
  if (!Array.isArray(rows)) {
    throw new BackendFault(`expected ${answer.call} to answer {"${field}": [{"${id}": ..., "category": ..., "status": ...}, ...]}, the listing the route map names; got ${answer.text.replace(/\s+/g, ' ').slice(0, 120) || '(empty body)'} (name where its rows are with "integrations": {"path": ..., "field": ..., "id": ...}, or "integrations": null for none)`)
  }
  const listed = rows.flatMap((r): ListedIntegration[] => {
    const row = typeof r === 'object' && r !== null ? r as Record<string, unknown> : {}
    const value = row[id]
    return Number.isInteger(value) || (typeof value === 'string' && value !== '') ? [{ ...row, integration_id: value as IntegrationId } as ListedIntegration] : []
  })
  if (listed.length < rows.length) {
    throw new BackendFault(`expected each row of ${answer.call}'s "${field}" to carry its id as "${id}" (with its category and status); got ${JSON.stringify(rows.find((r) => typeof r !== 'object' || r === null || !(id in r))).slice(0, 120)}`)
  }
  return listed
}
