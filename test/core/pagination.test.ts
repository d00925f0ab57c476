import t from 'tap'
import { plainCursors, sealedCursors } from '../../src/core/cursor.js'
import { appError } from '../../src/core/errors.js'
import { denseStart, denseWalk, openCursor, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, pageOf, pageSize, walk } from '../../src/core/pagination.js'

/** A list of keys with gaps, walked as a repository would: keys after (before) `from`, `limit` of them. */
const KEYS = [2, 3, 5, 7, 11, 13, 17, 19, 23]
const fetch = (w: ReturnType<typeof walk>): number[] => {
  const after = KEYS.filter((k) => w.from === null || (w.backward ? k < w.from : k > w.from))
  return (w.backward ? after.reverse() : after).slice(0, w.limit)
}
const id = (k: number): number => k

t.test('page size: 30 unless asked for, capped at 100', async (t) => {
  t.equal(pageSize(undefined), PAGE_SIZE_DEFAULT)
  t.equal(PAGE_SIZE_DEFAULT, 30)
  t.equal(pageSize(7), 7)
  t.equal(pageSize(5000), PAGE_SIZE_MAX)
  t.equal(PAGE_SIZE_MAX, 100)
})

t.test('plain cursors keep the real service\'s encoding: base64url of p=<position>[&r=1]', async (t) => {
  t.equal(plainCursors.encode({ position: 3, backward: false }), 'cD0z')
  t.equal(Buffer.from(plainCursors.encode({ position: 12, backward: true }), 'base64url').toString(), 'p=12&r=1')
  t.equal(plainCursors.encode({ position: -1, backward: false }), plainCursors.encode({ position: 0, backward: false }), 'never negative on the wire')
  t.same(plainCursors.open('cD0z'), { ok: true, at: { position: 3, backward: false } })
  t.same(plainCursors.open('cD0z=='), { ok: true, at: { position: 3, backward: false } }, 'padding is accepted')
  for (const bad of ['', 'not a cursor', Buffer.from('p=x').toString('base64url'), Buffer.from('p=1&r=2').toString('base64url')]) {
    t.same(plainCursors.open(bad), { ok: false, problem: 'malformed' }, JSON.stringify(bad))
  }
})

t.test('sealed cursors tell a foreign list and changed parameters apart from a malformed cursor', async (t) => {
  const codec = sealedCursors(7)
  const text = codec.encode({ position: 40, backward: true }, { scope: 'a', query: 'q1' })
  t.same(codec.open(text, { scope: 'a', query: 'q1' }), { ok: true, at: { position: 40, backward: true } })
  t.same(codec.open(text, { scope: 'b', query: 'q1' }), { ok: false, problem: 'foreign' })
  t.same(codec.open(text, { scope: 'a', query: 'q2' }), { ok: false, problem: 'changed' })
  t.same(codec.open(plainCursors.encode({ position: 40, backward: true }), { scope: 'a', query: 'q1' }), { ok: false, problem: 'malformed' })
})

t.test('openCursor: null without a cursor, the list\'s own error for one it cannot use', async (t) => {
  const refuse = () => appError('ACCOUNT_LIST_BAD_CURSOR')
  t.equal(openCursor(plainCursors, undefined, undefined, refuse), null)
  t.same(openCursor(plainCursors, 'cD0z', undefined, refuse), { position: 3, backward: false })
  t.throws(() => openCursor(plainCursors, 'nope', undefined, refuse), { code: 'ACCOUNT_LIST_BAD_CURSOR' })
})

t.test('keyset walks forward and back visit every row once, with DRF\'s next and previous', async (t) => {
  const first = pageOf(walk(null, 4), fetch(walk(null, 4)), id)
  t.same(first, { rows: [2, 3, 5, 7], next: { position: 7, backward: false }, previous: null })
  const second = pageOf(walk(first.next, 4), fetch(walk(first.next, 4)), id)
  t.same(second, { rows: [11, 13, 17, 19], next: { position: 19, backward: false }, previous: { position: 11, backward: true } })
  const last = pageOf(walk(second.next, 4), fetch(walk(second.next, 4)), id)
  t.same(last, { rows: [23], next: null, previous: { position: 23, backward: true } })
  const back = pageOf(walk(last.previous, 4), fetch(walk(last.previous, 4)), id)
  t.same(back, { rows: [11, 13, 17, 19], next: { position: 19, backward: false }, previous: { position: 11, backward: true } }, 'backward: rows in list order')
  const start = pageOf(walk(back.previous, 4), fetch(walk(back.previous, 4)), id)
  t.same(start, { rows: [2, 3, 5, 7], next: { position: 7, backward: false }, previous: null }, 'the first page reached backward has no previous')
})

t.test('an empty page reached through a cursor points back past the cursor', async (t) => {
  const beyond = walk({ position: 23, backward: false }, 4)
  t.same(pageOf(beyond, fetch(beyond), id), { rows: [], next: null, previous: { position: 24, backward: true } })
  const before = walk({ position: 2, backward: true }, 4)
  t.same(pageOf(before, fetch(before), id), { rows: [], next: { position: 1, backward: false }, previous: null })
})

t.test('a walk that stopped early (a scan budget) goes on from where it stopped', async (t) => {
  const w = walk(null, 4)
  t.same(pageOf(w, [2, 3], id, 9), { rows: [2, 3], next: { position: 9, backward: false }, previous: null })
  t.same(pageOf(w, [2, 3, 5, 7, 11], id, 30), { rows: [2, 3, 5, 7], next: { position: 7, backward: false }, previous: null }, 'a full page resumes after its last row')
})

t.test('dense lists name a page by its first row and step back by arithmetic', async (t) => {
  const rows = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
  const fetchDense = (w: ReturnType<typeof walk>): number[] => rows.filter((k) => k > (w.from ?? -1)).slice(0, w.limit)
  const first = pageOf(denseWalk(null, 4), fetchDense(denseWalk(null, 4)), id)
  t.same([first.rows, denseStart(first.next, 4), denseStart(first.previous, 4)], [[0, 1, 2, 3], 4, null])
  const second = pageOf(denseWalk(4, 4), fetchDense(denseWalk(4, 4)), id)
  t.same([second.rows, denseStart(second.next, 4), denseStart(second.previous, 4)], [[4, 5, 6, 7], 8, 0])
  const odd = pageOf(denseWalk(2, 4), fetchDense(denseWalk(2, 4)), id)
  t.same([odd.rows, denseStart(odd.next, 4), denseStart(odd.previous, 4)], [[2, 3, 4, 5], 6, 0], 'never before the first row')
  const last = pageOf(denseWalk(8, 4), fetchDense(denseWalk(8, 4)), id)
  t.same([last.rows, denseStart(last.next, 4), denseStart(last.previous, 4)], [[8, 9], null, 4])
  const zero = pageOf(denseWalk(0, 4), fetchDense(denseWalk(0, 4)), id)
  t.equal(denseStart(zero.previous, 4), null, 'a cursor at the first row has no previous')
})
