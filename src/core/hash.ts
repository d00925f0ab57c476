/**
 * The one set of integer hashes: FNV-1a turns text into 32 bits (seeds of the random stream, cursor and
 * cache keys), lowbias32 mixes, and the rest turns a hash into a choice. The fake-data generator is built on
 * these: every generated value is a pure function of (seed, account, model, record index, version, salt),
 * so records are regenerated on read instead of stored.
 */

/** 32-bit FNV-1a of a string. */
export function hash32 (text: string, basis = 0x811c9dc5): number {
  let h = basis >>> 0
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** A bijective 32-bit mixer (lowbias32 by Chris Wellons). */
export function mix32 (value: number): number {
  let x = value >>> 0
  x ^= x >>> 16
  x = Math.imul(x, 0x7feb352d)
  x ^= x >>> 15
  x = Math.imul(x, 0x846ca68b)
  x ^= x >>> 16
  return x >>> 0
}

/** FNV-1a, then mixed: a well-spread hash of a name, for salts and data-set keys. */
export function hashText (text: string, basis = 0x811c9dc5): number {
  return mix32(hash32(text, basis))
}

/** Hash of two words; order matters. */
export function combine (a: number, b: number): number {
  return mix32((a ^ mix32(b + 0x9e3779b9)) >>> 0)
}

/** Uniform in [0, 1) from a hash. */
export function unit (h: number): number {
  return (h >>> 0) / 4294967296
}

/** Integer in [min, max] from a hash. */
export function between (h: number, min: number, max: number): number {
  return min + Math.floor(unit(h) * (max - min + 1))
}

export function pick<T> (h: number, items: readonly T[]): T {
  return items[Math.floor(unit(h) * items.length)]!
}

/** A UUID-shaped id that is a function of the text: the same thing always has the same id. */
export function stableUuid (text: string): string {
  const hex = [0, 1, 2, 3].map((i) => (combine(hashText(text), i) >>> 0).toString(16).padStart(8, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}
