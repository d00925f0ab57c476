/** An ISO 8601 date or date-time with a zone, as the real service's date filters take them. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/

/** The instant of a date filter's value, or undefined when it is not a valid ISO 8601 date (the caller's 400). */
export function isoFilterMs (value: string): number | undefined {
  const ms = ISO_DATE.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(ms) ? undefined : ms
}
