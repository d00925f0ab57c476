import { wallNow, type Clock } from '../../../core/clock.js'
import { appError } from '../../../core/errors.js'
import type { Emitter } from '../../../core/events.js'
import { digest, digestHex, matchesAny } from '../../../core/secrets.js'
import { EvictedKeys, evictionMessage } from './evicted-keys.js'
import { SeenKeys, type SeenKey } from './seen-keys.js'
import type { TenantEvents } from './tenant-events.js'
import { accountTypeOf, type Tenant } from './tenant.js'
import type { TenantRepository } from './tenant-repository.js'

const BEARER = /^bearer$/i
/** Distinct Authorization headers whose digest is kept (a server sees a handful; a fuzzer, any number). */
const MAX_HEADERS = 10_000

export interface TenantServiceDeps {
  readonly repo: TenantRepository
  readonly clock: Clock
  /** --api-key: the only keys accepted; none, any well-formed key. */
  readonly apiKeys: readonly string[]
  /** The organization a remote production key authenticates as. */
  readonly remoteKey?: (key: string) => Tenant | undefined
  /** --max-tenants. */
  readonly maxTenants?: number
  /** Deletes a tenant's world (its rows, jobs and clock): what an eviction does first. */
  readonly evict?: (tenantId: number) => void
  /** --dashboard-keys list: keep the keys seen themselves, not only their hints. */
  readonly listKeys?: boolean
  readonly events?: Emitter<TenantEvents>
  readonly log?: { warn(obj: object, msg: string): void }
  /** Whether a value is some linked account's account token: such a value is never taken as a new key. */
  readonly isAccountToken?: (value: string) => boolean
}

/**
 * Turns an Authorization header into the tenant it names. A remote production key (generate-key) names the
 * organization that generated it. Otherwise, with configured keys only those are valid; without, any
 * well-formed key is valid and becomes its own tenant on first use.
 */
export class TenantService {
  readonly #repo: TenantRepository
  readonly #clock: Clock
  readonly #allowed: readonly Buffer[]
  /**
   * Every request authenticates: remember tenants by key digest instead of writing to SQLite each time. In
   * the order of last use (a hit moves to the end): the first entry is the key idle the longest.
   */
  readonly #cache = new Map<string, Tenant>()
  readonly #remoteKey: (key: string) => Tenant | undefined
  readonly #maxTenants: number
  readonly #evict: (tenantId: number) => void
  readonly #events: Emitter<TenantEvents> | undefined
  readonly #log: { warn(obj: object, msg: string): void } | undefined
  readonly #isAccountToken: (value: string) => boolean
  // The keys this process has seen, in memory only: by default each one's hint and last use, the key itself
  // only with --dashboard-keys list (#48). The dashboard lists them on a server without --api-key; an
  // eviction's log line names the key that went by its hint, whatever the server.
  readonly #seen: SeenKeys
  /** The keys whose worlds were evicted: an account token of theirs is told why it is unknown. */
  readonly #evicted = new EvictedKeys()
  /**
   * The key digest of each Authorization header seen (a pure function of the header, so nothing invalidates
   * it): a request then neither parses nor digests its key. Bounded, as clients may send any header.
   */
  readonly #digests = new Map<string, string>()

  constructor (d: TenantServiceDeps) {
    this.#repo = d.repo
    this.#clock = d.clock
    this.#allowed = d.apiKeys.map(digest)
    this.#remoteKey = d.remoteKey ?? (() => undefined)
    this.#maxTenants = d.maxTenants ?? Number.POSITIVE_INFINITY
    this.#evict = d.evict ?? (() => {})
    this.#events = d.events
    this.#log = d.log
    this.#seen = new SeenKeys(d.listKeys ?? false)
    this.#isAccountToken = d.isAccountToken ?? (() => false)
  }

  authenticate (authorization: string | undefined): Tenant {
    const hash = this.#digestOf(authorization)
    const cached = this.#cache.get(hash)
    if (cached !== undefined) {
      this.#cache.delete(hash)
      this.#cache.set(hash, cached)
      this.#seen.touch(hash)
      return cached
    }
    const key = parseBearer(authorization)
    const remote = this.#remoteKey(key)
    if (remote !== undefined) {
      this.#cache.set(hash, remote)
      return remote
    }
    if (this.#allowed.length > 0 && !matchesAny(key, this.#allowed)) throw appError('AUTH_KEY_UNKNOWN')
    // A shared server's keys are bounded (#19): a new one beyond --max-tenants takes the place of the key idle
    // the longest, whose world goes with it; a client inventing keys cannot lock the others out.
    const stored = this.#repo.find(hash)
    // An account token sent as the key would become a key of its own, listed (in clear, with --dashboard-keys
    // list) as one: it is told where it belongs instead.
    if (stored === undefined && this.#isAccountToken(key)) throw appError('AUTH_KEY_IS_ACCOUNT_TOKEN')
    if (stored === undefined && this.#repo.count() >= this.#maxTenants) this.#evictIdlest()
    const tenant = stored ?? this.#repo.findOrCreate(hash, accountTypeOf(key), this.#clock.now())
    this.#cache.set(hash, tenant)
    this.#seen.saw(hash, key)
    return tenant
  }

  /** The digest of the header's API key (what a dashboard's stream follows); throws as authenticate does. */
  keyDigest (authorization: string | undefined): string {
    return this.#digestOf(authorization)
  }

  /** The tenant of a key digest now, without creating one: undefined when the key has no world (yet, or any more). */
  tenantOfKey (keyDigest: string): Tenant | undefined {
    return this.#cache.get(keyDigest) ?? this.#repo.find(keyDigest)
  }

  /**
   * Whether the header's key had its world evicted beyond --max-tenants (as long as this process remembers:
   * the last MAX_EVICTED keys evicted), and --max-tenants: what a 401 for one of its old account tokens says.
   */
  evictionOf (authorization: string | undefined): { readonly maxTenants: number } | undefined {
    return this.#evicted.has(this.#digestOf(authorization)) ? { maxTenants: this.#maxTenants } : undefined
  }

  /** The digest of the header's key; throws as parseBearer does for a header that names no key. */
  #digestOf (authorization: string | undefined): string {
    const known = authorization === undefined ? undefined : this.#digests.get(authorization)
    if (known !== undefined) return known
    const hash = digestHex(parseBearer(authorization))
    if (this.#digests.size >= MAX_HEADERS) this.#digests.clear()
    this.#digests.set(authorization!, hash)
    return hash
  }

  /**
   * The tenant idle the longest goes, with its world: a key not used since this process started (oldest
   * first), else the least recently used one. Its id is never given again (TenantRepository), whatever still
   * watches it is told (the 'tenant:evicted' event: a dashboard's stream closes), a warn line names it by its
   * hint, and its key is remembered so that an old account token of it is told what happened.
   */
  #evictIdlest (): void {
    const used = new Set<number>()
    for (const t of this.#cache.values()) used.add(t.id)
    const victim = this.#repo.ids().find((id) => !used.has(id)) ?? used.values().next().value
    if (victim === undefined) throw appError('AUTH_TOO_MANY_KEYS', { max: this.#maxTenants })
    const keyDigest = this.#repo.keyHashOf(victim)
    const seen = keyDigest === undefined ? undefined : this.#seen.get(keyDigest)
    const idleMs = seen === undefined ? undefined : Math.max(0, wallNow() - seen.lastUsed)
    this.#evict(victim)
    this.#repo.delete(victim)
    for (const [hash, t] of this.#cache) if (t.id === victim) { this.#cache.delete(hash); this.#seen.delete(hash) }
    if (keyDigest === undefined) return
    this.#seen.delete(keyDigest)
    this.#evicted.remember(keyDigest)
    this.#log?.warn({ key: seen?.hint ?? null, idleMs: idleMs ?? null, maxTenants: this.#maxTenants }, evictionMessage({ hint: seen?.hint, idleMs, maxTenants: this.#maxTenants }))
    this.#events?.emit('tenant:evicted', { tenantId: victim, keyDigest })
  }

  /**
   * The keys this process has seen whose world still exists, on a server without --api-key; none with it
   * (its keys are the user's to give, not the dashboard's to show). Each carries the key itself only when
   * `listsKeys`.
   */
  seenKeys (): Array<{ readonly seen: Readonly<SeenKey>, readonly tenant: Tenant }> {
    if (!this.open) return []
    const found: Array<{ seen: SeenKey, tenant: Tenant }> = []
    for (const [hash, seen] of this.#seen.entries()) {
      const tenant = this.#repo.find(hash)
      if (tenant !== undefined) found.push({ seen, tenant })
    }
    return found
  }

  /** Whether the server takes any key (no --api-key): then seenKeys lists them. */
  get open (): boolean { return this.#allowed.length === 0 }

  /** Whether seenKeys carries the keys themselves (--dashboard-keys list), not only their hints. */
  get listsKeys (): boolean { return this.#seen.listed }

  /** After a reset the tenants table is empty, and a regenerated remote key no longer authenticates: cached tenants would outlive both. */
  forget (): void { this.#cache.clear() }

  /** A reset of the whole server: no key has a world any more, nor lost one. */
  forgetKeys (): void { this.#seen.clear(); this.#digests.clear(); this.#evicted.clear() }
}

/** The API key of `Authorization: Bearer <key>`; throws an AppError saying what is wrong with the header. */
export function parseBearer (authorization: string | undefined): string {
  if (authorization === undefined || authorization.trim() === '') throw appError('AUTH_KEY_MISSING')
  const parts = authorization.trim().split(/\s+/)
  const scheme = parts[0]!
  if (!BEARER.test(scheme)) {
    // The offending text is not echoed: it may be a key sent without its scheme.
    const reason = parts.length === 1 ? 'no scheme; the value must start with "Bearer "' : 'the scheme is not Bearer'
    throw appError('AUTH_KEY_MALFORMED', { reason })
  }
  if (parts.length === 1) throw appError('AUTH_KEY_MALFORMED', { reason: 'no API key follows "Bearer"' })
  if (parts.length > 2) throw appError('AUTH_KEY_MALFORMED', { reason: 'the API key must not contain spaces' })
  return parts[1]!
}
