import { combine, mix32 } from './fake/hash.js'

/**
 * Record ids that carry their own index. An id is a version 4 UUID made of a keyed, invertible scramble of
 * (record index, the data set's tag), so it looks random, is the same on every read, and decodes back to the
 * index without any stored mapping: a million employees need no id column and no id index. A UUID from
 * another data set, or a made-up one, fails the tag check and decodes to undefined.
 */
export interface IdCodec {
  encode(index: number): string
  /** The index, or undefined when the id was not issued by this data set. */
  decode(id: string): number | undefined
}

const HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'))

function hex32 (x: number): string {
  return HEX[(x >>> 24) & 0xff]! + HEX[(x >>> 16) & 0xff]! + HEX[(x >>> 8) & 0xff]! + HEX[x & 0xff]!
}

const ROUNDS = 6
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

export function idCodec (key: number): IdCodec {
  const tagA = combine(key, 0xa5a5a5a5)
  const tagB = combine(key, 0x5a5a5a5a)
  const roundKeys = Array.from({ length: ROUNDS }, (_, r) => combine(key, 0x1000 + r))
  const checkKey = combine(key, 0xc0ffee)

  // A generalised Feistel network over three 32-bit words: each round xors one word with a keyed hash of
  // another, so running the rounds backwards undoes them.
  const scramble = (w: Uint32Array): void => {
    for (let r = 0; r < ROUNDS; r++) w[(r + 1) % 3] = w[(r + 1) % 3]! ^ mix32(w[r % 3]! ^ roundKeys[r]!)
  }
  const unscramble = (w: Uint32Array): void => {
    for (let r = ROUNDS - 1; r >= 0; r--) w[(r + 1) % 3] = w[(r + 1) % 3]! ^ mix32(w[r % 3]! ^ roundKeys[r]!)
  }
  const check = (w: Uint32Array): number => mix32(w[0]! ^ combine(w[1]!, w[2]! ^ checkKey)) & 0x3ffffff
  const words = new Uint32Array(3)

  // Relations point at the few records of small models (companies, locations) again and again.
  const recent = new Map<number, string>()

  return {
    encode (index: number): string {
      const known = recent.get(index)
      if (known !== undefined) return known
      words[0] = index
      words[1] = tagA
      words[2] = tagB
      scramble(words)
      const c = check(words)
      const p = hex32(words[0]!) + hex32(words[1]!) + hex32(words[2]!) + hex32(c >>> 2).slice(2)
      // 30 payload hex digits around the fixed version digit (4) and the variant digit (8 to b).
      const id = `${p.slice(0, 8)}-${p.slice(8, 12)}-4${p.slice(12, 15)}-${HEX[8 | (c & 3)]![1]}${p.slice(15, 18)}-${p.slice(18, 30)}`
      if (index < 4096) recent.set(index, id)
      return id
    },
    decode (id: string): number | undefined {
      const text = id.toLowerCase()
      if (!UUID.test(text)) return undefined
      const p = text.slice(0, 8) + text.slice(9, 13) + text.slice(15, 18) + text.slice(20, 23) + text.slice(24, 36)
      const w = new Uint32Array([Number.parseInt(p.slice(0, 8), 16), Number.parseInt(p.slice(8, 16), 16), Number.parseInt(p.slice(16, 24), 16)])
      const c = (Number.parseInt(p.slice(24, 30), 16) << 2) | (Number.parseInt(text.charAt(19), 16) & 3)
      if ((c >>> 0) !== check(w)) return undefined
      unscramble(w)
      if (w[1] !== tagA || w[2] !== tagB) return undefined
      return w[0]
    }
  }
}
