import t from 'tap'
import { sealedCursors } from '../../../src/core/cursor.js'
import { idCodec } from '../../../src/integration/third-party/data/fake/record-ids.js'

t.test('sealed cursors open with their key only, and resist alteration', async (t) => {
  const binding = { scope: 'scope', query: 'query' }
  const at = { position: 35 * 36 + 35, backward: false }
  const cursor = sealedCursors(42).encode(at, binding)
  t.match(cursor, /^[A-Za-z0-9_-]+$/, 'URL-safe, opaque')
  t.equal(Buffer.from(cursor, 'base64url').toString('utf8').split('~').slice(0, 5).join('~'), 'd1~n~zz~scope~query', 'the sealed fields, as data cursors have always carried them')
  t.same(sealedCursors(42).open(cursor, binding), { ok: true, at })
  t.same(sealedCursors(43).open(cursor, binding), { ok: false, problem: 'malformed' }, 'another key (another seed) does not open it')
  for (let i = 0; i < cursor.length; i++) {
    const c = cursor[i] === 'A' ? 'B' : 'A'
    const altered = cursor.slice(0, i) + c + cursor.slice(i + 1)
    const opened = sealedCursors(42).open(altered, binding)
    if (opened.ok) t.same(opened.at, at, `position ${i}: only an equivalent base64 spelling opens`)
  }
  t.same(sealedCursors(42).open('', binding), { ok: false, problem: 'malformed' })
  t.same(sealedCursors(42).open('not base64!', binding), { ok: false, problem: 'malformed' })
  t.throws(() => sealedCursors(1).encode(at, { scope: 'a~b', query: 'q' }), RangeError, 'a field may not contain the separator')
})

t.test('record ids are v4 UUIDs that decode to their index, only within their data set', async (t) => {
  const a = idCodec(12345)
  const b = idCodec(12346)
  const seen = new Set<string>()
  for (const index of [0, 1, 2, 99, 4095, 4096, 65_535, 999_999, 4_294_967_295]) {
    const id = a.encode(index)
    t.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/, `index ${index}: a version 4 UUID`)
    t.equal(a.decode(id), index, 'decodes back')
    t.equal(a.decode(id.toUpperCase()), index, 'case-insensitively')
    t.equal(b.decode(id), undefined, 'another data set does not accept it')
    t.equal(a.encode(index), id, 'stable')
    seen.add(id)
  }
  t.equal(seen.size, 9, 'distinct')
  t.equal(a.decode('00000000-0000-4000-8000-000000000000'), undefined, 'a made-up UUID decodes to nothing')
  t.equal(a.decode('not-a-uuid'), undefined)
})
