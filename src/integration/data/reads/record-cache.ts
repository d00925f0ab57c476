/**
 * Serialised records, most recently used first, within a byte budget. A record's JSON is a pure function
 * of its synced state (index, version, deleted, timestamps) and the request's options, so an entry is valid
 * exactly while that state is unchanged: a lookup compares it and regenerates on any difference. Only the
 * plain form (no remote_data, no sensitive fields, no expansion) is cached: it is what pages and polling ask
 * for again and again.
 */
export interface CachedState {
  readonly version: number
  readonly deleted: number
  readonly created_us: number
  readonly modified_us: number
}

interface Entry extends CachedState {
  readonly json: string
}

export class RecordCache {
  readonly #budget: number
  readonly #entries = new Map<string, Entry>()
  #bytes = 0

  /** `budgetBytes` 0 disables the cache. */
  constructor (budgetBytes: number) {
    this.#budget = budgetBytes
  }

  get enabled (): boolean { return this.#budget > 0 }

  get (key: string, state: CachedState): string | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.version !== state.version || entry.deleted !== state.deleted || entry.modified_us !== state.modified_us || entry.created_us !== state.created_us) {
      this.#drop(key, entry)
      return undefined
    }
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.json
  }

  set (key: string, state: CachedState, json: string): void {
    if (this.#budget === 0 || json.length > this.#budget) return
    const old = this.#entries.get(key)
    if (old !== undefined) this.#drop(key, old)
    this.#entries.set(key, { version: state.version, deleted: state.deleted, created_us: state.created_us, modified_us: state.modified_us, json })
    this.#bytes += json.length
    for (const [k, e] of this.#entries) {
      if (this.#bytes <= this.#budget) break
      this.#drop(k, e)
    }
  }

  clear (): void {
    this.#entries.clear()
    this.#bytes = 0
  }

  #drop (key: string, entry: Entry): void {
    this.#entries.delete(key)
    this.#bytes -= entry.json.length
  }
}
