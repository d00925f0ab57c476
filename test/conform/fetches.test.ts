import t from 'tap'
import { drifted } from '../../src/conform/checks/pagination.js'
import { fetchesOf } from '../../src/conform/fetches.js'
import type { Entry } from '../../src/conform/journal.js'

let id = 0
/** A journaled list request: its query, the cursor fingerprint it sent and the next one it got. */
function list (at: string, query: Record<string, string>, cursor?: string, next: string | null = null, account = 'acc', model = 'crm.Contact'): Entry {
  return {
    id: ++id, at: `2026-01-01T00:00:${at}Z`, surface: 'api', method: 'GET', path: '/api/crm/v1/contacts', query, status: 200, error: null, duration_ms: 3,
    account_id: account, facets: { endpoint: 'list', model, ...(cursor === undefined ? {} : { cursor_fp: cursor }), next_fp: next }
  }
}

t.test('pages join the fetch whose page answered their cursor; a page without a cursor starts a fetch', async (t) => {
  const q = { modified_before: '2026-01-01T00:00:00.5Z', page_size: '50' }
  const entries = [
    list('01.000', q, undefined, 'c1'),
    list('01.500', { ...q, modified_after: 'x' }, undefined, null, 'acc', 'crm.Lead'),
    list('02.000', { ...q, cursor: 'C1' }, 'c1', 'c2'),
    list('03.000', { ...q, cursor: 'C2' }, 'c2', null),
    list('04.000', { ...q, cursor: 'orphan' }, 'zz', null)
  ]
  const fetches = fetchesOf(entries)
  t.equal(fetches.length, 2, 'the orphan page (a cursor no page answered) starts none')
  t.same(fetches.map((f) => [f.model, f.pages.length, f.complete]), [['crm.Contact', 3, true], ['crm.Lead', 1, true]])
  t.same(drifted(fetches[0]!), [], 'the same parameters on every page')
})

t.test('a fetch is incomplete until a page answers no next; drifted names the pages whose parameters changed', async (t) => {
  const q = { modified_before: '2026-01-01T00:00:00.5Z', page_size: '50' }
  const open = fetchesOf([list('01.000', q, undefined, 'd1')])
  t.equal(open[0]!.complete, false)
  const drift = fetchesOf([list('01.000', q, undefined, 'e1'), list('02.000', { ...q, page_size: '100', cursor: 'E1' }, 'e1', null)])
  t.same(drifted(drift[0]!).map((e) => e.query.page_size), ['100'])
  const sameCursorOtherAccount = fetchesOf([list('01.000', q, undefined, 'f1', 'a1'), list('02.000', { ...q, cursor: 'F1' }, 'f1', null, 'a2')])
  t.same(sameCursorOtherAccount.map((f) => f.pages.length), [1], 'a cursor belongs to its account\'s fetch')
})
