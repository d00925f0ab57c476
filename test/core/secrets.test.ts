import { createHash } from 'node:crypto'
import t from 'tap'
import { digest, digestHex, matchesAny, sameDigest } from '../../src/core/secrets.js'

// Keys and tokens are stored and looked up by SHA-256 of their UTF-8 bytes: stored digests must keep matching.

const SECRETS = ['', 'test_key', 'acct_tok_0123456789abcdef', 'clé-ünïcode-🔑', 'x'.repeat(10_000)]

t.test('the digest is SHA-256 of the UTF-8 bytes, as a buffer and as hex', async (t) => {
  for (const s of SECRETS) {
    const expected = createHash('sha256').update(Buffer.from(s, 'utf8')).digest()
    t.same(digest(s), expected, `buffer of ${JSON.stringify(s.slice(0, 20))}`)
    t.equal(digestHex(s), expected.toString('hex'), 'hex')
  }
  t.equal(digestHex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad', 'the published test vector')
})

t.test('comparisons of digests', async (t) => {
  t.ok(sameDigest(digest('a'), digest('a')))
  t.notOk(sameDigest(digest('a'), digest('b')))
  t.notOk(sameDigest(digest('a'), digest('a').subarray(0, 16)), 'different lengths never match')
  t.ok(matchesAny('k2', ['k1', 'k2'].map(digest)))
  t.notOk(matchesAny('k3', ['k1', 'k2'].map(digest)))
})
