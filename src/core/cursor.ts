import { hash32 } from './hash.js'

/**
 * The one cursor codec of every paginated list. A cursor names where a walk over a list ordered by an
 * integer key goes on: the rows after `position` (before it, walking backward). Clients must treat cursors
 * as opaque strings, as the real service's are; unimock only promises that a cursor it handed out is
 * accepted back, on the list it came from.
 *
 * One API, two payload kinds, because cursors already handed out (and pinned by test/golden) must keep
 * their exact bytes:
 * - `plainCursors`: base64url of `p=<position>`, `p=<position>&r=1` walking backward: the real service's
 *   own style (Django REST framework's CursorPagination), and the default for a list: linked accounts,
 *   sync status, and the lists to come (issues, audit trail, remote field classes...).
 * - `sealedCursors(key)`: the fields `d1~<n|p>~<position in base 36>~<scope>~<query>` and a checksum keyed
 *   by the server's seed, base64url. A sealed cursor is bound to its list (`scope`) and to the other query
 *   parameters (`query`, their fingerprint), so that one used on another list or with changed filters is
 *   refused for exactly that reason instead of silently walking another list. For lists filtered on
 *   generated values, where that mistake is easy and costly: the data endpoints.
 * The checksum guards against accidents (truncation, a cursor pasted from another list), not against a
 * determined forger: cursors carry no secrets.
 */

/** What a cursor says: the key a walk goes on from (exclusive) and its direction. */
export interface CursorAt {
  readonly position: number
  readonly backward: boolean
}

/** What a sealed cursor is bound to: the list (an account's model...) and the fingerprint of the other query parameters. */
export interface CursorBinding {
  readonly scope: string
  readonly query: string
}

/** `malformed`: not a cursor of this codec; `foreign`: another list's; `changed`: issued for other query parameters. */
export type CursorProblem = 'malformed' | 'foreign' | 'changed'

export type OpenedCursor =
  | { readonly ok: true, readonly at: CursorAt }
  | { readonly ok: false, readonly problem: CursorProblem }

export interface CursorCodec<Binding> {
  encode(at: CursorAt, binding: Binding): string
  open(text: string, binding: Binding): OpenedCursor
}

const malformed: OpenedCursor = { ok: false, problem: 'malformed' }

// A walk backward from the first row goes on "after -1": positions are never negative on the wire.
const clamp = (position: number): number => Math.max(0, position)

const PLAIN = /^p=(\d{1,15})(&r=1)?$/

export const plainCursors: CursorCodec<void> = {
  encode: (at) => Buffer.from(at.backward ? `p=${clamp(at.position)}&r=1` : `p=${clamp(at.position)}`, 'utf8').toString('base64url'),
  open: (text) => {
    if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text)) return malformed
    const match = PLAIN.exec(Buffer.from(text.replace(/=+$/, ''), 'base64url').toString('utf8'))
    if (match === null) return malformed
    return { ok: true, at: { position: Number(match[1]), backward: match[2] !== undefined } }
  }
}

const SEPARATOR = '~'
const BASE64URL = /^[A-Za-z0-9_-]+$/
/** The sealed payload's format version: a change of layout gets a new one, and old cursors fail to open. */
const SEALED_VERSION = 'd1'

function checksum (body: string, key: number): string {
  return hash32(body, hash32(String(key))).toString(36) + hash32(body, key ^ 0x5bd1e995).toString(36)
}

export function sealedCursors (key: number): CursorCodec<CursorBinding> {
  return {
    encode: (at, binding) => {
      const fields = [SEALED_VERSION, at.backward ? 'p' : 'n', clamp(at.position).toString(36), binding.scope, binding.query]
      for (const f of fields) {
        if (f.includes(SEPARATOR)) throw new RangeError(`cursor field "${f}" contains the separator ${SEPARATOR}`)
      }
      const body = fields.join(SEPARATOR)
      return Buffer.from(body + SEPARATOR + checksum(body, key), 'utf8').toString('base64url')
    },
    open: (text, binding) => {
      if (text.length === 0 || text.length > 512 || !BASE64URL.test(text)) return malformed
      const decoded = Buffer.from(text, 'base64url').toString('utf8')
      const cut = decoded.lastIndexOf(SEPARATOR)
      if (cut < 0) return malformed
      const body = decoded.slice(0, cut)
      if (decoded.slice(cut + 1) !== checksum(body, key)) return malformed
      const fields = body.split(SEPARATOR)
      if (fields.length !== 5 || fields[0] !== SEALED_VERSION) return malformed
      const [, direction, positionText, scope, query] = fields as [string, string, string, string, string]
      const position = Number.parseInt(positionText, 36)
      if ((direction !== 'n' && direction !== 'p') || !Number.isSafeInteger(position) || position < 0) return malformed
      if (scope !== binding.scope) return { ok: false, problem: 'foreign' }
      if (query !== binding.query) return { ok: false, problem: 'changed' }
      return { ok: true, at: { position, backward: direction === 'p' } }
    }
  }
}
