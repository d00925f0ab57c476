/**
 * Durations as people write them in flags, control calls and scenario files: `500ms`, `90s`, `15m`, `24h`, `7d`,
 * compound forms such as `1h30m`, and ISO 8601 (`PT24H`, `P7D`, `P1DT2H30M`, `PT0.5S`). A bare number other
 * than 0 is not a duration: `5` could mean 5 ms as easily as 5 minutes.
 */

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000
}

const SHORT = /^(?:(\d+(?:\.\d+)?)(ms|s|m|h|d|w))+$/
const SHORT_PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g
const ISO = /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/

/** Milliseconds, or undefined when the text is not a duration. */
export function parseDuration (text: string): number | undefined {
  const value = text.trim()
  if (value === '') return undefined
  if (isBareNumber(value)) return Number(value) === 0 ? 0 : undefined
  if (SHORT.test(value)) {
    let total = 0
    for (const [, amount, unit] of value.matchAll(SHORT_PART)) total += Number(amount) * UNIT_MS[unit!]!
    return Math.round(total)
  }
  const iso = ISO.exec(value.toUpperCase())
  if (iso !== null && value.length > 1 && !value.toUpperCase().endsWith('T')) {
    const [, w, d, h, m, s] = iso
    const parts: Array<[string | undefined, number]> = [[w, UNIT_MS.w!], [d, UNIT_MS.d!], [h, UNIT_MS.h!], [m, UNIT_MS.m!], [s, UNIT_MS.s!]]
    if (parts.every(([v]) => v === undefined)) return undefined
    return Math.round(parts.reduce((sum, [v, unit]) => sum + (v === undefined ? 0 : Number(v) * unit), 0))
  }
  return undefined
}

/** `5`, `250`, `1.5`: a number without a unit. */
export function isBareNumber (text: string): boolean {
  return /^\d+(?:\.\d+)?$/.test(text.trim())
}

/** Compact human form used in messages: 90000 → "1m30s". */
export function formatDuration (ms: number): string {
  if (ms === 0) return '0s'
  const out: string[] = []
  let rest = ms
  for (const unit of ['d', 'h', 'm', 's'] as const) {
    const size = UNIT_MS[unit]!
    const n = Math.floor(rest / size)
    if (n > 0) { out.push(`${n}${unit}`); rest -= n * size }
  }
  if (rest > 0) out.push(`${rest}ms`)
  return out.join('')
}
