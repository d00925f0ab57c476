import { hash, timingSafeEqual } from 'node:crypto'

/**
 * API keys and tokens are looked up by their SHA-256 digest, so a key is never stored and a token lookup
 * never compares the secret itself character by character. Comparisons of digests use timingSafeEqual on
 * equal-length buffers, so the time taken does not depend on where two secrets first differ.
 */
export function digest (secret: string): Buffer {
  return Buffer.from(digestHex(secret), 'hex')
}

/**
 * Every request digests its API key and account token: the one-shot hash (strings as UTF-8) costs about a
 * ninth of a Hash object's update and digest to hex here, and allocates nothing else.
 */
export function digestHex (secret: string): string {
  return hash('sha256', secret)
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
