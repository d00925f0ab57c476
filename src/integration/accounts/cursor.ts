/**
 * Opaque cursors in the real service's style (Django REST framework CursorPagination): base64 of a query
 * string, `p=<position>` for the next page and `p=<position>&r=1` for the previous one. Clients must treat
 * them as opaque strings; unimock only promises that a cursor it handed out is accepted back.
 */
export interface Cursor {
  readonly position: number
  readonly backward: boolean
}

export function encodeCursor (cursor: Cursor): string {
  const text = cursor.backward ? `p=${cursor.position}&r=1` : `p=${cursor.position}`
  return Buffer.from(text, 'utf8').toString('base64url')
}

/** undefined for anything unimock did not hand out. */
export function decodeCursor (value: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined
  const text = Buffer.from(value.replace(/=+$/, ''), 'base64url').toString('utf8')
  const match = /^p=(\d{1,15})(&r=1)?$/.exec(text)
  if (match === null) return undefined
  return { position: Number(match[1]), backward: match[2] !== undefined }
}
