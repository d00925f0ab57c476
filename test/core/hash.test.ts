import t from 'tap'
import { between, combine, hash32, hashText, mix32, pick, unit } from '../../src/core/hash.js'

/** The hashes every seeded value rests on: a change here changes every generated record, cursor and seed. */

t.test('hash32 is 32-bit FNV-1a', async (t) => {
  // Reference vectors of FNV-1a 32 (Fowler, Noll, Vo).
  t.equal(hash32(''), 0x811c9dc5)
  t.equal(hash32('a'), 0xe40c292c)
  t.equal(hash32('foobar'), 0xbf9cf968)
  t.equal(hash32('a', 0), Math.imul(0x61, 0x01000193) >>> 0, 'the basis is the starting state')
})

t.test('hashText is FNV-1a then mixed; mix32 is a bijection on 32 bits', async (t) => {
  t.equal(hashText('employee'), mix32(hash32('employee')))
  const seen = new Set<number>()
  for (let i = 0; i < 10_000; i++) seen.add(mix32(i))
  t.equal(seen.size, 10_000, 'no two inputs mix to the same word')
  t.not(combine(1, 2), combine(2, 1), 'combine depends on the order')
})

t.test('unit, between and pick stay in range', async (t) => {
  t.equal(unit(0), 0)
  t.ok(unit(0xffffffff) < 1)
  t.equal(between(0, 3, 5), 3)
  t.equal(between(0xffffffff, 3, 5), 5)
  t.equal(pick(0xffffffff, ['a', 'b', 'c']), 'c')
})
