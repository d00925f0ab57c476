import t from 'tap'
import { formatDuration, parseDuration } from '../../src/core/durations.js'

t.test('short forms', async (t) => {
  t.equal(parseDuration('500ms'), 500)
  t.equal(parseDuration('90s'), 90_000)
  t.equal(parseDuration('15m'), 900_000)
  t.equal(parseDuration('24h'), 86_400_000)
  t.equal(parseDuration('7d'), 604_800_000)
  t.equal(parseDuration('1h30m'), 5_400_000)
  t.equal(parseDuration('1.5s'), 1500)
  t.equal(parseDuration('0'), 0, 'zero needs no unit')
})

t.test('ISO 8601 forms', async (t) => {
  t.equal(parseDuration('PT24H'), 86_400_000)
  t.equal(parseDuration('P7D'), 604_800_000)
  t.equal(parseDuration('P1DT2H30M'), 95_400_000)
  t.equal(parseDuration('PT0.5S'), 500)
  t.equal(parseDuration('pt15m'), 900_000)
})

t.test('not durations', async (t) => {
  for (const bad of ['', 'soon', '5 minutes', 'P', 'PT', '-5s', '5x', 'P1Y', '250', '1.5']) t.equal(parseDuration(bad), undefined, bad)
})

t.test('formatting', async (t) => {
  t.equal(formatDuration(90_000), '1m30s')
  t.equal(formatDuration(86_400_500), '1d500ms')
  t.equal(formatDuration(0), '0s')
})
