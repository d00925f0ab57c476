import { wallNow } from '../../../core/clock.js'

/**
 * A key this process has seen, as the dashboard's first view may show it on a server without --api-key (and
 * as an eviction's log line names it on any server).
 */
export interface SeenKey {
  /**
   * The key itself, kept only when the operator asked for the keys in full (--dashboard-keys list): on a
   * shared server, whoever holds a key holds its world, so by default the process does not even keep it.
   */
  readonly key?: string
  /** Its first characters (keyHint): enough for its owner to recognise it, too few to open it. */
  readonly hint: string
  /**
   * When a request last used it, in wall time: the server's clock may be virtual, and each key's time is its
   * own, but the person looking for their key remembers when they used it.
   */
  lastUsed: number
}

/**
 * The first characters of a key, at most a quarter of it and never more than four: `ci_job_alpha_secret` is
 * `ci_j…`, `test_key` is `te…`, a key of three characters or fewer shows none. Counted in code points, so a
 * character is never cut in half.
 */
export function keyHint (key: string): string {
  const chars = Array.from(key)
  return `${chars.slice(0, Math.min(4, Math.floor(chars.length / 4))).join('')}…`
}

/** The keys seen, by digest, in memory only (the database holds digests alone). */
export class SeenKeys {
  readonly #byDigest = new Map<string, SeenKey>()

  /** `listed`: keep the keys themselves (--dashboard-keys list), not only their hints. */
  constructor (readonly listed: boolean) {}

  /** A key authenticated: its entry, created on first sight, was last used now. */
  saw (digest: string, key: string): void {
    const known = this.#byDigest.get(digest)
    if (known !== undefined) { known.lastUsed = wallNow(); return }
    this.#byDigest.set(digest, { ...(this.listed ? { key } : {}), hint: keyHint(key), lastUsed: wallNow() })
  }

  /** A request authenticated by a key already cached: one lookup and a wall-time read, on every request. */
  touch (digest: string): void {
    const known = this.#byDigest.get(digest)
    if (known !== undefined) known.lastUsed = wallNow()
  }

  get (digest: string): Readonly<SeenKey> | undefined { return this.#byDigest.get(digest) }

  delete (digest: string): void { this.#byDigest.delete(digest) }

  clear (): void { this.#byDigest.clear() }

  entries (): IterableIterator<[string, SeenKey]> { return this.#byDigest.entries() }
}
