import t from 'tap'
import { describeGaps, findGaps } from '../../src/conform/checks/gap-detector.js'
import type { SeenPage } from '../../src/conform/page-recorder.js'

const page = (model: string, records: Array<[string, string]>): SeenPage => ({ accountToken: 'tok', model, records: records.map(([id, modifiedAt]) => ({ id, modifiedAt })) })

t.test('every record the service holds must have reached the backend in that version or a later one', async (t) => {
  const truth = [
    { id: 'a', modified_at: '2026-01-01T00:00:01.000001Z' },
    { id: 'b', modified_at: '2026-01-01T00:00:03.000001Z' },
    { id: 'c', modified_at: '2026-01-01T00:00:03.000001Z' },
    { id: 'd', modified_at: '2026-01-01T00:00:02.000001Z' }
  ]
  const pages = [
    page('crm.Contact', [['a', '2026-01-01T00:00:01.000001Z'], ['b', '2026-01-01T00:00:01.000001Z'], ['d', '2026-01-01T00:00:01.000001Z']]),
    page('crm.Contact', [['d', '2026-01-01T00:00:02.000001Z']]),
    // Another model's pages carry nothing of this one.
    page('crm.Lead', [['c', '2026-01-01T00:00:03.000001Z']])
  ]
  const gaps = findGaps(truth, pages, 'crm.Contact')
  t.same(gaps, [
    { id: 'b', modifiedAt: '2026-01-01T00:00:03.000001Z', seen: '2026-01-01T00:00:01.000001Z' },
    { id: 'c', modifiedAt: '2026-01-01T00:00:03.000001Z', seen: null }
  ])
  const text = describeGaps(gaps, 'crm.Contact')
  t.match(text, /crm.Contact: 2 record\(s\) missed \(2 modified at 2026-01-01T00:00:03.000001Z\)/)
  t.match(text, /c \(never fetched\)/)
  t.match(text, /b \(fetched as of 2026-01-01T00:00:01.000001Z\)/)
})

t.test('a later version than the service\'s own counts (the backend fetched after a later change), and versions compare as instants', async (t) => {
  const truth = [{ id: 'a', modified_at: '2026-01-01T00:00:01.000001Z' }]
  t.same(findGaps(truth, [page('m', [['a', '2026-01-01T00:00:05Z']])], 'm'), [])
  t.same(findGaps(truth, [page('m', [['a', '2026-01-01T01:00:01.000001+01:00']])], 'm'), [])
  t.same(findGaps([], [], 'm'), [], 'nothing held, nothing missed')
})
