import { test } from 'tap'
import { CursorFingerprints } from '../../../src/integration/observation/journal/cursor-fingerprints.js'
import { fingerprint } from '../../../src/core/fingerprint.js'

test('a remembered cursor fingerprint is the fingerprint, first time and again, past the memory\'s bound', async (t) => {
  const memo = new CursorFingerprints()
  const cursors = Array.from({ length: 1200 }, (_, i) => `cursor-${i}`)
  let wrong = 0
  for (const round of [1, 2]) {
    for (const c of cursors) if (memo.of(c) !== fingerprint(c)) wrong++
    t.equal(wrong, 0, `round ${round}: every cursor's own fingerprint`)
  }
  // The cursor a page answered, asked for again at once (the next request brings it back), still matches.
  t.equal(memo.of('cursor-1199'), fingerprint('cursor-1199'))
})
