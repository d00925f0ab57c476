import { digestHex } from './secrets.js'

/**
 * Short, stable fingerprints: the first 12 hex digits of a SHA-256. Two requests that carried the same
 * token (or the same end user) have the same fingerprint, while the journal never holds the value itself.
 */
export function fingerprint (value: string): string {
  // The one-shot digest: a createHash object per value was 2 of a journaled page read's ~10 µs of hashing.
  return digestHex(value).slice(0, 12)
}

/** E-mail addresses and organisation names match regardless of case and surrounding spaces. */
export function personFingerprint (value: string | null | undefined): string | undefined {
  if (value === null || value === undefined) return undefined
  const normal = value.trim().toLowerCase()
  return normal === '' ? undefined : fingerprint(normal)
}

/** How a redacted value is shown in a journaled query: its fingerprint, so equal values still compare equal. */
export const redacted = (value: string): string => `[redacted ${fingerprint(value)}]`
