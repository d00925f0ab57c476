import { hash32 } from './hash.js'

/**
 * The one owner of randomness: a seeded PRNG (sfc32), so that a seed reproduces every random choice.
 * `fork(label)` derives an independent stream from the seed and a label, so one consumer's draws never shift
 * another's (the fake data of one account does not depend on how many tokens were minted before it).
 */

export interface Random {
  readonly seed: number
  /** Uniform in [0, 1). */
  next(): number
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
  bytes(count: number): Uint8Array
  fork(label: string): Random
  /** Back to the state right after construction. */
  reset(): void
}

export class SeededRandom implements Random {
  readonly seed: number
  #a = 0
  #b = 0
  #c = 0
  #d = 0

  constructor (seed: number) {
    this.seed = seed >>> 0
    this.reset()
  }

  reset (): void {
    this.#a = 0x9e3779b9
    this.#b = 0x243f6a88
    this.#c = 0xb7e15162
    this.#d = this.seed
    // Discard the first outputs: sfc32 needs a few rounds to mix a small seed.
    for (let i = 0; i < 15; i++) this.#u32()
  }

  #u32 (): number {
    const t = (((this.#a + this.#b) >>> 0) + this.#d) >>> 0
    this.#d = (this.#d + 1) >>> 0
    this.#a = this.#b ^ (this.#b >>> 9)
    this.#b = (this.#c + (this.#c << 3)) >>> 0
    this.#c = ((this.#c << 21) | (this.#c >>> 11)) >>> 0
    this.#c = (this.#c + t) >>> 0
    return t
  }

  next (): number {
    return this.#u32() / 4294967296
  }

  int (min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list')
    return items[Math.floor(this.next() * items.length)]!
  }

  chance (probability: number): boolean {
    return this.next() < probability
  }

  bytes (count: number): Uint8Array {
    const out = new Uint8Array(count)
    for (let i = 0; i < count; i++) out[i] = this.#u32() & 0xff
    return out
  }

  fork (label: string): Random {
    return new SeededRandom(hash32(label, this.seed ^ 0x811c9dc5))
  }
}
