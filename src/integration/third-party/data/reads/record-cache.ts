import { ByteLru } from './byte-lru.js'

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
  readonly #entries: ByteLru<Entry>

  /** `budgetBytes` 0 disables the cache. */
  constructor (budgetBytes: number) {
    this.#entries = new ByteLru(budgetBytes, (entry) => entry.json.length)
  }

  get enabled (): boolean { return this.#entries.enabled }

  get (key: string, state: CachedState): string | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    if (entry.version !== state.version || entry.deleted !== state.deleted || entry.modified_us !== state.modified_us || entry.created_us !== state.created_us) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.json
  }

  set (key: string, state: CachedState, json: string): void {
    this.#entries.set(key, { version: state.version, deleted: state.deleted, created_us: state.created_us, modified_us: state.modified_us, json })
  }

  clear (): void {
    this.#entries.clear()
  }
}
