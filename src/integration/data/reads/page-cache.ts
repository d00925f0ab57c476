/** A page serialised, ready to send, and its cursors (for the request journal). */
export interface JsonPage {
  readonly json: Buffer
  readonly next: string | null
  readonly previous: string | null
}

/**
 * Serialised pages, most recently used last, within a byte budget: a page asked for again (polling, a retried
 * walk) is sent as the bytes stored, without touching the store, the generator or the encoder. The caller's
 * key must name everything the page is a function of (see DataReader.listJson).
 */
export class PageCache {
  readonly #budget: number
  readonly #pages = new Map<string, JsonPage>()
  #bytes = 0

  /** `budgetBytes` 0 keeps nothing. */
  constructor (budgetBytes: number) {
    this.#budget = budgetBytes
  }

  get (key: string): JsonPage | undefined {
    const page = this.#pages.get(key)
    if (page === undefined) return undefined
    // Map keeps insertion order: re-inserting marks the page most recently used.
    this.#pages.delete(key)
    this.#pages.set(key, page)
    return page
  }

  set (key: string, page: JsonPage): void {
    if (page.json.length > this.#budget) return
    const old = this.#pages.get(key)
    if (old !== undefined) this.#bytes -= old.json.length
    this.#pages.set(key, page)
    this.#bytes += page.json.length
    for (const [k, old] of this.#pages) {
      if (this.#bytes <= this.#budget) break
      this.#pages.delete(k)
      this.#bytes -= old.json.length
    }
  }

  clear (): void {
    this.#pages.clear()
    this.#bytes = 0
  }
}
