import { formatDuration } from '../../../core/durations.js'

/** Evicted keys remembered at most: a client inventing keys makes one eviction per key, and memory stays bounded. */
export const MAX_EVICTED = 10_000

/**
 * The digests of the API keys whose worlds were evicted beyond --max-tenants, oldest first, in memory only:
 * the next request of such a key with an account token of its old world is told why that token is gone,
 * rather than sent hunting for a token bug (#53). A full reset forgets them (nothing is evicted then).
 */
export class EvictedKeys {
  readonly #digests = new Set<string>()

  constructor (readonly limit = MAX_EVICTED) {}

  remember (digest: string): void {
    this.#digests.delete(digest)
    if (this.#digests.size >= this.limit) this.#digests.delete(this.#digests.values().next().value!)
    this.#digests.add(digest)
  }

  has (digest: string): boolean { return this.#digests.has(digest) }

  clear (): void { this.#digests.clear() }
}

/** What the warn line of an eviction says about the key that went. */
export interface EvictedKey {
  /** Its first characters (keyHint), when this process saw the key; never the key itself. */
  readonly hint: string | undefined
  /** Wall time since its last request, when this process saw one. */
  readonly idleMs: number | undefined
  readonly maxTenants: number
}

/** The log line of an eviction: which key went (safely), how long it had been idle, and how to keep more keys. */
export function evictionMessage (k: EvictedKey): string {
  const key = k.hint === undefined ? 'an API key not used since this unimock started' : `API key ${k.hint}`
  const idle = k.idleMs === undefined ? 'unused since start' : `idle ${formatDuration(Math.round(k.idleMs / 1000) * 1000)}`
  return `${key} (${idle}) was evicted with its linked accounts and data: a new key came beyond --max-tenants ${k.maxTenants}, ` +
    'and it had been idle the longest. Its next requests start an empty world; start unimock with a larger --max-tenants (UNIMOCK_MAX_TENANTS) to keep more keys.'
}
