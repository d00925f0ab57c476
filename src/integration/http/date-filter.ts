/** An ISO 8601 date or date-time with a zone, as the real service's date filters take them. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2})))?$/

/**
 * The instant of a date filter's value, or undefined when it is not a valid ISO 8601 date (the caller's 400):
 * a day, hour or zone that does not exist (2026-02-30, 24:00, +25:00) is not one.
 */
export function isoFilterMs (value: string): number | undefined {
  const m = ISO_DATE.exec(value)
  if (m === null) return undefined
  const [, y, mo, d, h = '0', mi = '0', s = '0', oh = '0', om = '0'] = m
  const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)))
  if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d)) return undefined
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59 || Number(oh) > 23 || Number(om) > 59) return undefined
  const ms = Date.parse(value)
  return Number.isNaN(ms) ? undefined : ms
}
