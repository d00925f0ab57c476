import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { loadCatalogue, type DataCategory, type ModelDef } from '../../../src/integration/base/catalogue/catalogue.js'
import { AccountData } from '../../../src/integration/third-party/data/fake/account-data.js'
import type { RecordMeta } from '../../../src/integration/third-party/data/fake/generated-record.js'
import { Generator, type BuildOptions } from '../../../src/integration/third-party/data/fake/generator.js'
import { initialCount } from '../../../src/integration/third-party/data/fake/volumes.js'

/**
 * Pins, field by field, what the generator produces for a fixed seed: a sample of records of every model of
 * every category (several indexes and versions, a deleted one, with remote_data, sensitive fields and every
 * sub-object list expanded, and once as a plain list shows them). test/golden pins whole HTTP answers; this
 * one says which field of which record moved when the generator's rules change.
 *
 * A change meant to alter generated values regenerates it with UNIMOCK_UPDATE_GOLDEN=1 and says why.
 */

const GOLDEN = new URL('./generator-golden.json', import.meta.url)
const SEED = 1
const ANCHOR_MS = Date.parse('2026-01-01T00:00:00.000Z')
const HOUR_US = 3_600_000_000

/** [index, version, deleted]: the first record, a few near it, a far one, several versions. */
const SAMPLES: ReadonlyArray<readonly [number, number, boolean]> = [[0, 0, false], [1, 0, false], [1, 2, false], [5, 1, false], [37, 0, true], [1234, 3, false]]

// The 2026 revision: every field of the facts, including those the default revision leaves out.
const catalogue = loadCatalogue('2026')
const generator = new Generator(catalogue)

function accountOf (category: DataCategory): AccountData {
  const data: AccountData = new AccountData(SEED, `golden-${category}`, category, ANCHOR_MS, (name) => {
    const model = catalogue.byId(`${category}.${name}`)
    return model === undefined ? 0 : initialCount(model, data.hash, { scale: 1, overrides: {} })
  })
  return data
}

function metaOf (index: number, version: number, deleted: boolean): RecordMeta {
  const createdUs = ANCHOR_MS * 1000 + index * 1000 + 7
  return { index, version, createdUs, modifiedUs: createdUs + version * HOUR_US, deleted }
}

/** Every field that lists or holds sub-objects by id, so that expanding them inlines each one. */
function subFields (model: ModelDef): Set<string> {
  return new Set(model.fields.filter((f) => f.shape.t === 'ref' && f.shape.to === 'sub').map((f) => f.name))
}

type Pinned = Record<string, Record<string, unknown>>

function generate (): Pinned {
  const out: Pinned = {}
  for (const category of new Set(catalogue.models.map((m) => m.category))) {
    const account = accountOf(category)
    for (const model of catalogue.inCategory(category)) {
      const rich: BuildOptions = { remoteData: true, sensitive: true, expandSubs: subFields(model) }
      for (const [index, version, deleted] of SAMPLES) {
        out[`${model.id}#${index}@${version}${deleted ? ' deleted' : ''}`] = generator.build(model, account, metaOf(index, version, deleted), rich)
      }
      const plain: BuildOptions = { remoteData: false, sensitive: false, expandSubs: new Set() }
      out[`${model.id}#3@1 plain`] = generator.build(model, account, metaOf(3, 1, false), plain)
    }
  }
  return JSON.parse(JSON.stringify(out)) as Pinned
}

t.test('every model generates the same field values for the same seed', async (t) => {
  const actual = generate()
  t.ok(Object.keys(actual).length > 500, `${Object.keys(actual).length} records pinned`)
  if (process.env.UNIMOCK_UPDATE_GOLDEN === '1') {
    writeFileSync(GOLDEN, '{\n' + Object.entries(actual).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(',\n') + '\n}\n')
    t.comment('generator-golden.json rewritten')
    return
  }
  const expected = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Pinned
  t.same(Object.keys(actual), Object.keys(expected), 'the same records are pinned')
  const moved: string[] = []
  for (const [key, record] of Object.entries(expected)) {
    const now = actual[key] ?? {}
    for (const field of new Set([...Object.keys(record), ...Object.keys(now)])) {
      const before = JSON.stringify(record[field])
      const after = JSON.stringify(now[field])
      if (before !== after) moved.push(`${key} .${field}: ${before?.slice(0, 120)} → ${after?.slice(0, 120)}`)
    }
    if (Object.keys(now).join() !== Object.keys(record).join()) moved.push(`${key}: field order ${Object.keys(now).join()}`)
  }
  t.same(moved, [], 'no generated field moved, and every record keeps its field order')
})

t.test('a filter reads the same value the record shows, and remote ids lead back to their index', async (t) => {
  for (const category of new Set(catalogue.models.map((m) => m.category))) {
    const account = accountOf(category)
    for (const model of catalogue.inCategory(category)) {
      const meta = metaOf(5, 1, false)
      const record = generator.build(model, account, meta, { remoteData: false, sensitive: true, expandSubs: new Set() })
      for (const { field } of model.filters) {
        t.same(generator.fieldValue(model, account, meta, field), record[field], `${model.id}.${field}`)
      }
      const remoteId = record.remote_id
      if (typeof remoteId === 'string') {
        t.equal(generator.indexOfRemoteId(model, account, remoteId), 5, `${model.id} remote id ${remoteId}`)
        t.equal(generator.indexOfRemoteId(model, account, `${remoteId}x`), undefined, `${model.id} not a remote id`)
      }
    }
  }
})
