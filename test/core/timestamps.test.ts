import t from 'tap'
import { formatDay, formatMicros, formatSeconds } from '../../src/core/timestamps.js'

/** What the formats were defined as before they were built from tables: Date.toISOString, cut and padded. */
const byDate = {
  micros: (us: number): string => {
    const ms = Math.floor(us / 1000)
    return new Date(ms).toISOString().slice(0, 23) + String(us - ms * 1000).padStart(3, '0') + 'Z'
  },
  seconds: (ms: number): string => new Date(ms).toISOString().slice(0, 19) + 'Z',
  day: (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10) + 'T00:00:00Z'
}

t.test('known instants', async (t) => {
  t.equal(formatMicros(0), '1970-01-01T00:00:00.000000Z')
  t.equal(formatMicros(1_767_225_600_000_001), '2026-01-01T00:00:00.000001Z')
  t.equal(formatMicros(1_767_225_599_999_999), '2025-12-31T23:59:59.999999Z')
  t.equal(formatMicros(1_709_547_733_123_456), '2024-03-04T10:22:13.123456Z')
  t.equal(formatMicros(-1), '1969-12-31T23:59:59.999999Z', 'before the epoch, the fraction still counts up')
  t.equal(formatSeconds(1_709_547_733_999), '2024-03-04T10:22:13Z', 'seconds are cut, not rounded')
  t.equal(formatDay(18_048), '2019-06-01T00:00:00Z')
})

t.test('the same text as Date.toISOString over 0000-9999 (microseconds over 1716-2223)', async (t) => {
  // A fixed linear congruential walk: the same 20,000 instants on every run.
  const lowest = Date.parse('0000-01-01T00:00:00Z')
  const span = Date.parse('9999-12-31T23:59:59.999Z') - lowest
  let x = 12345
  const wrong: string[] = []
  for (let i = 0; i < 20_000; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648
    const ms = lowest + Math.floor((x / 2_147_483_648) * span)
    // Microseconds are exact integers up to 2255; later ones are not instants the simulation can hold.
    const us = (ms % 8_000_000_000_000) * 1000 + (x % 1000)
    if (formatMicros(us) !== byDate.micros(us)) wrong.push(`micros ${us}: ${formatMicros(us)} vs ${byDate.micros(us)}`)
    if (formatSeconds(ms) !== byDate.seconds(ms)) wrong.push(`seconds ${ms}: ${formatSeconds(ms)} vs ${byDate.seconds(ms)}`)
    const day = Math.floor(ms / 86_400_000)
    if (formatDay(day) !== byDate.day(day)) wrong.push(`day ${day}: ${formatDay(day)} vs ${byDate.day(day)}`)
  }
  t.same(wrong, [])
})

t.test('every millisecond boundary of one day', async (t) => {
  const day = Date.UTC(2026, 10, 26)
  const wrong: number[] = []
  for (let ms = day; ms < day + 86_400_000; ms += 997) {
    if (formatMicros(ms * 1000 + 999) !== byDate.micros(ms * 1000 + 999)) wrong.push(ms)
  }
  t.same(wrong, [])
})
