import { createHash, timingSafeEqual } from 'node:crypto'

/**
 * API keys and tokens are looked up by their SHA-256 digest, so a key is never stored and a token lookup
 * never compares the secret itself character by character. Comparisons of digests use timingSafeEqual on
 * equal-length buffers, so the time taken does not depend on where two secrets first differ.
 */
export function digest (secret: string): Buffer {
  return createHash('sha256').update(secret, 'utf8').digest()
}

export function digestHex (secret: string): string {
  return digest(secret).toString('hex')
}

export function sameDigest (a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Whether `secret` is one of `allowed` (given as digests), checking every entry so the count of matches leaks nothing. */
export function matchesAny (secret: string, allowed: readonly Buffer[]): boolean {
  const candidate = digest(secret)
  let found = false
  for (const d of allowed) found = sameDigest(candidate, d) || found
  return found
}
