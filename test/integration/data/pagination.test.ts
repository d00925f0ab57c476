import t from 'tap'
import { dataAccount, dataApp } from './helpers.js'

/** Keyset cursor pagination: complete walks, stability under inserts and changes, cursors bound to their query. */

const ids = (records: Array<Record<string, any>>): string[] => records.map((r) => r.id as string)

t.test('a cursor walk returns every record once, in the same order, whatever the page size', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=250'] })
  const hris = await dataAccount(app, 'hris')
  const big = await hris.walk('/api/hris/v1/employees', {}, 100)
  t.equal(big.length, 250, 'pages of 100 return all 250 employees')
  t.equal(new Set(ids(big)).size, 250, 'each once')
  for (const size of [1, 7, 30]) {
    const walk = await hris.walk('/api/hris/v1/employees', {}, size)
    t.same(ids(walk), ids(big), `pages of ${size}: the same records in the same order`)
  }
  const firstSynced = big.map((e) => e.created_at as string)
  t.same(firstSynced, [...firstSynced].sort(), 'the order is the order records were first synced')
})

t.test('next and previous: opaque strings, null at the ends, previous leads back', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=50'] })
  const hris = await dataAccount(app, 'hris')
  const p1 = (await hris.api.get('/api/hris/v1/employees?page_size=20')).json()
  t.equal(p1.previous, null, 'the first page has no previous')
  t.type(p1.next, 'string')
  t.notMatch(p1.next, /^https?:/, 'next is a cursor, not a URL')
  const p2 = (await hris.api.get(`/api/hris/v1/employees?page_size=20&cursor=${p1.next}`)).json()
  const p3 = (await hris.api.get(`/api/hris/v1/employees?page_size=20&cursor=${p2.next}`)).json()
  t.equal(p3.results.length, 10, 'the last page holds the rest')
  t.equal(p3.next, null, 'and has no next')
  const back2 = (await hris.api.get(`/api/hris/v1/employees?page_size=20&cursor=${p3.previous}`)).json()
  t.same(ids(back2.results), ids(p2.results), 'previous of page 3 is page 2')
  const back1 = (await hris.api.get(`/api/hris/v1/employees?page_size=20&cursor=${back2.previous}`)).json()
  t.same(ids(back1.results), ids(p1.results), 'previous of page 2 is page 1')
  t.equal(back1.previous, null, 'reached backwards, the first page has no previous either')
  const forward = (await hris.api.get(`/api/hris/v1/employees?page_size=20&cursor=${back1.next}`)).json()
  t.same(ids(forward.results), ids(p2.results), 'and its next is page 2 again')
})

t.test('a walk while the remote system inserts, changes and deletes records has no duplicates and no gaps', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['hris.employees=300'], dataChurn: 3 })
  const hris = await dataAccount(app, 'hris')
  for (const includeDeleted of [true, false]) {
    const query: Record<string, string> = includeDeleted ? { include_deleted_data: 'true' } : {}
    const seen: string[] = []
    let cursor: string | null = null
    let changes = 0
    do {
      const params = new URLSearchParams({ ...query, page_size: '25' })
      if (cursor !== null) params.set('cursor', cursor)
      const page = (await hris.api.get(`/api/hris/v1/employees?${params.toString()}`)).json()
      seen.push(...ids(page.results))
      cursor = page.next
      // Between pages, an hour passes and a sync writes what the remote changed meanwhile.
      await clock.advanceBy(3_600_000)
      const [pass] = await hris.syncPass('hris.Employee')
      changes += pass!.created + pass!.changed + pass!.deleted
    } while (cursor !== null)
    t.ok(changes > 20, `records were created, changed and deleted during the walk (${changes})`)
    t.equal(new Set(seen).size, seen.length, `include_deleted_data=${includeDeleted}: no record twice`)
    const after = ids(await hris.walk('/api/hris/v1/employees', query, 100))
    if (includeDeleted) {
      t.same(seen, after.slice(0, seen.length), 'with deleted records kept, the walk saw every record, in order')
      t.ok(after.length - seen.length <= 25, 'except those created after its last page')
    } else {
      const seenSet = new Set(seen)
      const createdAfterWalk = after.filter((id) => !seenSet.has(id))
      t.ok(createdAfterWalk.length <= 25, 'every record still live was seen, except those created after the last page')
    }
  }
})

t.test('a cursor is bound to its query: other parameters are a 400, page_size may change', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  const p1 = (await hris.api.get('/api/hris/v1/employees?page_size=5&employment_status=ACTIVE&expand=company')).json()
  const ok = await hris.api.get(`/api/hris/v1/employees?page_size=9&employment_status=ACTIVE&expand=company&cursor=${p1.next}`)
  t.equal(ok.statusCode, 200, 'the same parameters with another page_size')
  const reordered = await hris.api.get(`/api/hris/v1/employees?expand=company&employment_status=ACTIVE&page_size=5&cursor=${p1.next}`)
  t.equal(reordered.statusCode, 200, 'parameter order does not matter')
  for (const changed of ['page_size=5&expand=company', 'page_size=5&employment_status=INACTIVE&expand=company', 'page_size=5&employment_status=ACTIVE', 'page_size=5&employment_status=ACTIVE&expand=company&include_deleted_data=true']) {
    const res = await hris.api.get(`/api/hris/v1/employees?${changed}&cursor=${p1.next}`)
    t.equal(res.statusCode, 400, `${changed}: 400`)
    t.match(res.json().detail, /different query parameters/, 'saying the parameters changed')
  }
})

t.test('malformed and foreign cursors are 400s, never 500s', async (t) => {
  const { app } = await dataApp(t)
  const hris = await dataAccount(app, 'hris')
  const other = await dataAccount(app, 'hris', 'another-key')
  const p1 = (await hris.api.get('/api/hris/v1/employees?page_size=5')).json()
  const cursor = p1.next as string
  for (const bad of ['garbage', 'abc%20def', cursor.slice(0, -3), cursor.slice(0, 10) + (cursor[10] === 'A' ? 'B' : 'A') + cursor.slice(11), '%F0%9F%92%A9', 'x'.repeat(2000), Buffer.from('d1~n~5~x~y~zz').toString('base64url')]) {
    const res = await hris.api.get(`/api/hris/v1/employees?page_size=5&cursor=${bad}`)
    t.equal(res.statusCode, 400, `cursor ${bad.slice(0, 20)}: 400`)
    t.match(res.json(), { detail: /Invalid cursor/ })
  }
  const otherModel = await hris.api.get(`/api/hris/v1/companies?page_size=5&cursor=${cursor}`)
  t.equal(otherModel.statusCode, 400, 'a cursor of employees on companies')
  t.match(otherModel.json().detail, /another list/)
  const otherAccount = await other.api.get(`/api/hris/v1/employees?page_size=5&cursor=${cursor}`)
  t.equal(otherAccount.statusCode, 400, 'a cursor of one linked account on another')
  t.match(otherAccount.json().detail, /another list/)
})

t.test('a selective filter over a large model answers within a bounded scan and the walk still finds every match', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['hris.employees=45000'] })
  const hris = await dataAccount(app, 'hris')
  const last = (await hris.api.get('/api/hris/v1/employees?page_size=1&remote_id=' + String(Number((await hris.api.get('/api/hris/v1/employees?page_size=1')).json().results[0].remote_id) + 44_990))).json().results[0]
  t.ok(last, 'an employee near the end of the list')
  const first = (await hris.api.get(`/api/hris/v1/employees?page_size=10&work_email=${encodeURIComponent(last.work_email)}`)).json()
  t.same(first.results, [], 'the first page, cut short by the scan budget, is empty')
  t.type(first.next, 'string', 'but says there is more')
  const found = await hris.walk('/api/hris/v1/employees', { work_email: last.work_email }, 10)
  t.same(ids(found), [last.id], 'following next finds the one match')
})
