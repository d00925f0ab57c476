import { customRandom, urlAlphabet } from 'nanoid'
import type { Random } from './random.js'

/**
 * Identifiers and opaque tokens, all drawn from the seeded random stream so that a seed reproduces them.
 */
export interface Ids {
  /** RFC 4122 version 4 UUID. */
  uuid(): string
  /** URL-safe opaque token of `size` characters, optionally with a readable prefix. */
  token(size?: number, prefix?: string): string
}

export function createIds (random: Random): Ids {
  const nano = (size: number): string => customRandom(urlAlphabet, size, (n) => random.bytes(n))()
  return {
    uuid () {
      const b = random.bytes(16)
      b[6] = (b[6]! & 0x0f) | 0x40
      b[8] = (b[8]! & 0x3f) | 0x80
      const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    },
    token (size = 32, prefix = '') {
      return prefix + nano(size)
    }
  }
}
