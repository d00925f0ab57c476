/**
 * Sync timestamps in microseconds. The real service writes `created_at`/`modified_at` with microseconds
 * (its cursors decode to positions such as 2021-01-06 03:24:53.434326+00:00). unimock stamps every sync
 * pass strictly after the clock's current millisecond (see SyncStamps), so a client that stores its own
 * millisecond clock reading as the next `modified_after` never loses a record written in that millisecond.
 */

export const MICROS_PER_MS = 1000

const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'))
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'))
const DAY_MS = 86_400_000
const DAY_TEXT = new Map<number, string>()

/** `2019-06-01T` of a day number (days since the epoch), kept for the days a process has seen. */
function datePart (day: number): string {
  let text = DAY_TEXT.get(day)
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 11)
    if (DAY_TEXT.size < 100_000) DAY_TEXT.set(day, text)
  }
  return text
}

/** `10:22:13` of a millisecond of the day. */
function clockPart (msOfDay: number): string {
  const s = Math.floor(msOfDay / 1000)
  const h = Math.floor(s / 3600)
  const m = Math.floor(s / 60) - h * 60
  return TWO[h]! + ':' + TWO[m]! + ':' + TWO[s - h * 3600 - m * 60]!
}

/**
 * `2026-01-01T00:00:00.000001Z`. Every record a page or a sync status shows carries two or three of these:
 * the date comes from a per-day cache and the rest from digit tables (Date.toISOString was a tenth of a
 * sync status read). Years outside 0000-9999 have no such form and are not produced by the simulation.
 */
export function formatMicros (micros: number): string {
  const ms = Math.floor(micros / MICROS_PER_MS)
  const day = Math.floor(ms / DAY_MS)
  const msOfDay = ms - day * DAY_MS
  return datePart(day) + clockPart(msOfDay) + '.' + THREE[msOfDay % 1000]! + THREE[micros - ms * MICROS_PER_MS]! + 'Z'
}

/** Whole seconds, as third-party systems report their own timestamps: `2024-03-04T10:22:13Z`. */
export function formatSeconds (ms: number): string {
  const day = Math.floor(ms / DAY_MS)
  return datePart(day) + clockPart(ms - day * DAY_MS) + 'Z'
}

const MIDNIGHT_TEXT = new Map<number, string>()

/** Midnight UTC of a day number (days since the epoch): `2019-06-01T00:00:00Z`. */
export function formatDay (day: number): string {
  let text = MIDNIGHT_TEXT.get(day)
  if (text === undefined) {
    text = datePart(day) + '00:00:00Z'
    if (MIDNIGHT_TEXT.size < 100_000) MIDNIGHT_TEXT.set(day, text)
  }
  return text
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/

export type ParsedTimestamp = { ok: true, micros: number } | { ok: false, reason: string }

/**
 * ISO 8601 date or date-time, as Django's parser accepts it: `2024-01-01`, `2024-01-01T10:00:00Z`,
 * `...00.123456Z`, `+02:00`, a space instead of `T`; no offset means UTC. Fractions beyond microseconds are cut.
 */
export function parseTimestamp (text: string): ParsedTimestamp {
  const m = ISO.exec(text.trim())
  if (m === null) {
    // An unencoded '+' in a query string arrives as a space: say so rather than just "invalid".
    if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)? \d{2}(:?\d{2})?$/.test(text.trim())) {
      return { ok: false, reason: 'the offset lost its "+" (an unencoded + in a query string reads as a space): encode it as %2B or use Z' }
    }
    return { ok: false, reason: 'use ISO 8601 such as 2024-01-01T00:00:00Z, 2024-01-01T00:00:00.123456+02:00 or 2024-01-01' }
  }
  const [, y, mo, d, h = '0', mi = '0', s = '0', frac = '', zone = 'Z'] = m
  const year = Number(y); const month = Number(mo); const day = Number(d)
  const hour = Number(h); const minute = Number(mi); const second = Number(s)
  const ms = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(ms)
  if (month < 1 || month > 12 || check.getUTCDate() !== day || check.getUTCMonth() !== month - 1 || hour > 23 || minute > 59 || second > 59) {
    return { ok: false, reason: 'it names a date or time that does not exist' }
  }
  let offsetMinutes = 0
  if (zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1
    const digits = zone.slice(1).replace(':', '')
    const hours = Number(digits.slice(0, 2))
    const minutes = Number(digits.slice(2, 4) || '0')
    // RFC 3339's offset is an hour of 00-23 and a minute of 00-59: +25:00 names no zone.
    if (hours > 23 || minutes > 59) return { ok: false, reason: `the offset ${zone} does not exist (hours 00-23, minutes 00-59)` }
    offsetMinutes = sign * (hours * 60 + minutes)
  }
  const micros = (ms - offsetMinutes * 60_000) * MICROS_PER_MS + Number((frac + '000000').slice(0, 6))
  return { ok: true, micros }
}
