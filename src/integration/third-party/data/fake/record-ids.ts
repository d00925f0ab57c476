import { combine, mix32 } from '../../../../core/hash.js'

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

// Lookup tables: an id is built from a few table entries, without slicing or per-byte concatenation. The
// 65,536 four-digit strings are made by the first codec, not when the module loads: ~16 ms of CPU and
// 2.5 MB that every start paid before its first request, whether or not it ever read a record.
let hex4: string[] | undefined
const hex4Table = (): string[] => (hex4 ??= Array.from({ length: 65536 }, (_, i) => i.toString(16).padStart(4, '0')))
const HEX3: string[] = Array.from({ length: 4096 }, (_, i) => i.toString(16).padStart(3, '0'))
const VARIANT = ['8', '9', 'a', 'b']

const ROUNDS = 6
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

export function idCodec (key: number): IdCodec {
  const HEX4 = hex4Table()
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
      const w0 = words[0]!
      const w1 = words[1]!
      const w2 = words[2]!
      const c = check(words)
      // 96 scrambled bits and 26 check bits around the fixed version digit (4) and variant bits (8 to b):
      // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx
      const id = HEX4[w0 >>> 16]! + HEX4[w0 & 0xffff]! + '-' + HEX4[w1 >>> 16]! + '-4' + HEX3[(w1 & 0xffff) >>> 4]! + '-' +
        VARIANT[c & 3]! + HEX3[((w1 & 0xf) << 8) | (w2 >>> 24)]! + '-' + HEX3[(w2 >>> 12) & 0xfff]! + HEX3[w2 & 0xfff]! +
        HEX3[(c >>> 14) & 0xfff]! + HEX3[(c >>> 2) & 0xfff]!
      if (index < 4096) recent.set(index, id)
      return id
    },
    decode (id: string): number | undefined {
      const text = id.toLowerCase()
      if (!UUID.test(text)) return undefined
      const hex = (from: number, to: number): number => Number.parseInt(text.slice(from, to), 16)
      const w1Low = hex(15, 18)
      const mid = hex(20, 23)
      const w = new Uint32Array([hex(0, 8), (hex(9, 13) << 16) | (w1Low << 4) | (mid >>> 8), ((mid & 0xff) << 24) | hex(24, 30)])
      const c = (hex(30, 36) << 2) | (hex(19, 20) & 3)
      if ((c >>> 0) !== check(w)) return undefined
      unscramble(w)
      if (w[1] !== tagA || w[2] !== tagB) return undefined
      return w[0]
    }
  }
}
