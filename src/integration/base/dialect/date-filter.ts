import { parseTimestamp } from '../../../core/timestamps.js'

/** An ISO 8601 date or date-time with a zone, as the real service's date filters take them. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/

/**
 * The instant of a date filter's value, or undefined when it is not a valid ISO 8601 date (the caller's 400):
 * a day, hour or zone that does not exist (2026-02-30, 24:00, +25:00) is not one (parseTimestamp checks them).
 */
export function isoFilterMs (value: string): number | undefined {
  const parsed = ISO_DATE.test(value) ? parseTimestamp(value) : undefined
  return parsed?.ok === true ? Math.floor(parsed.micros / 1000) : undefined
}
