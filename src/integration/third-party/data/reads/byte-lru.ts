/**
 * Values by key within a byte budget, least recently used dropped first: what the record and page caches
 * share. A value larger than the whole budget is not kept; a budget of 0 keeps nothing.
 */
export class ByteLru<V> {
  readonly #budget: number
  readonly #sizeOf: (value: V) => number
  readonly #entries = new Map<string, V>()
  #bytes = 0

  constructor (budgetBytes: number, sizeOf: (value: V) => number) {
    this.#budget = budgetBytes
    this.#sizeOf = sizeOf
  }

  get enabled (): boolean { return this.#budget > 0 }

  get (key: string): V | undefined {
    const value = this.#entries.get(key)
    if (value === undefined) return undefined
    // Map keeps insertion order: re-inserting marks the entry most recently used.
    this.#entries.delete(key)
    this.#entries.set(key, value)
    return value
  }

  set (key: string, value: V): void {
    const size = this.#sizeOf(value)
    if (size > this.#budget) return
    this.delete(key)
    this.#entries.set(key, value)
    this.#bytes += size
    for (const [k, old] of this.#entries) {
      if (this.#bytes <= this.#budget) break
      this.#entries.delete(k)
      this.#bytes -= this.#sizeOf(old)
    }
  }

  delete (key: string): void {
    const old = this.#entries.get(key)
    if (old === undefined) return
    this.#entries.delete(key)
    this.#bytes -= this.#sizeOf(old)
  }

  clear (): void {
    this.#entries.clear()
    this.#bytes = 0
  }
}
