import { hash32 } from './hash.js'

/**
 * Opaque pagination cursors. A cursor is a short list of text fields sealed with a checksum keyed by the
 * server's seed, then base64url-encoded: clients must treat it as an opaque string (the real service's
 * cursors are too), and anything that was not issued by this server, or was altered, fails to open instead
 * of reaching a query. The checksum guards against accidents (truncation, copy-paste from another list),
 * not against a determined forger: cursors carry no secrets.
 */

const SEPARATOR = '~'
const BASE64URL = /^[A-Za-z0-9_-]+$/

function checksum (body: string, key: number): string {
  return hash32(body, hash32(String(key))).toString(36) + hash32(body, key ^ 0x5bd1e995).toString(36)
}

/** Seals the fields (none may contain "~") into a cursor string. */
export function sealCursor (fields: readonly string[], key: number): string {
  for (const f of fields) {
    if (f.includes(SEPARATOR)) throw new RangeError(`cursor field "${f}" contains the separator ${SEPARATOR}`)
  }
  const body = fields.join(SEPARATOR)
  return Buffer.from(body + SEPARATOR + checksum(body, key), 'utf8').toString('base64url')
}

/** The sealed fields, or undefined when the text is not a cursor this key sealed. */
export function openCursor (text: string, key: number): string[] | undefined {
  if (text.length === 0 || text.length > 512 || !BASE64URL.test(text)) return undefined
  const decoded = Buffer.from(text, 'base64url').toString('utf8')
  const cut = decoded.lastIndexOf(SEPARATOR)
  if (cut < 0) return undefined
  const body = decoded.slice(0, cut)
  if (decoded.slice(cut + 1) !== checksum(body, key)) return undefined
  return body.split(SEPARATOR)
}
