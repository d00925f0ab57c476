import t from 'tap'
import { loadCatalogue } from '../../../src/integration/third-party/data/catalogue/catalogue.js'
import { AccountData } from '../../../src/integration/third-party/data/fake/account-data.js'
import { Generator } from '../../../src/integration/third-party/data/fake/generator.js'
import { jsonValue, recordJsonWriter } from '../../../src/integration/third-party/data/fake/record-json.js'
import type { RecordState } from '../../../src/integration/third-party/data/fake/record-state.js'
import { type FactoryField, recordFactory, type ValueSlots } from '../../../src/integration/third-party/data/fake/record-shape.js'

/**
 * The JSON writer (fake/record-json.ts) must write exactly the text JSON.stringify makes of the record
 * factory's object: pages and retrieves send its text, and every earlier answer (and test/golden) was
 * JSON.stringify's. These cases pin what the catalogue does not exercise; the last compares every model.
 */

const UNSET = Symbol('unset')

function fieldsOf (names: readonly string[], list: readonly unknown[], hidden: readonly string[] = []): { fields: FactoryField[], ran: number[], record: () => ValueSlots } {
  const ran: number[] = []
  const fields = names.map((name, i) => ({ name, shown: !hidden.includes(name), write: (_r: RecordState) => { ran.push(i); return list[i] } }))
  return { fields, ran, record: () => ({ values: names.map(() => UNSET) }) as unknown as ValueSlots }
}

t.test('each kind of value as JSON.stringify writes it in an object', async (t) => {
  const values: unknown[] = [
    'plain', '', 'quote " and \\ backslash', 'line\nbreak\ttab\u0000nul\u001f', 'é ü 日本 🌿', 'lone \ud800 high', 'lone \udc00 low',
    0, -0, 1.5, -7, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 2 ** 53,
    true, false, null, undefined, [], ['a', 1, null, undefined], { a: 1, b: undefined, c: { d: [] } }, [{ x: 'y"' }],
    new Date(Date.UTC(2026, 0, 2))
  ]
  for (const v of values) {
    t.equal(jsonValue(v), JSON.stringify(v), `value ${String(JSON.stringify(v))}`)
  }
  const names = values.map((_, i) => `f${i}`)
  const { fields, record } = fieldsOf(names, values)
  t.equal(recordJsonWriter(fields, UNSET)(record()), JSON.stringify(recordFactory(fields, UNSET)(record())), 'a record of all of them')
})

t.test('hidden fields are null and not generated; undefined values leave their key out, commas stay right', async (t) => {
  for (const list of [[undefined, 'b', undefined], ['a', undefined, undefined], [undefined, undefined, undefined], ['a', 'b', 'c']]) {
    const { fields, record } = fieldsOf(['x', 'y', 'z'], list)
    t.equal(recordJsonWriter(fields, UNSET)(record()), JSON.stringify(recordFactory(fields, UNSET)(record())), JSON.stringify(list))
  }
  const { fields, ran, record } = fieldsOf(['id', 'ssn', 'note'], ['a', 'secret', undefined], ['ssn'])
  t.equal(recordJsonWriter(fields, UNSET)(record()), '{"id":"a","ssn":null}')
  t.same(ran, [0, 2], 'a field the form does not show is not generated')
})

t.test('a value another field\'s writer already computed is used, not computed again', async (t) => {
  const { fields, ran, record } = fieldsOf(['first', 'second'], ['one', 'two'])
  const r = record()
  r.values[1] = 'known'
  t.equal(recordJsonWriter(fields, UNSET)(r), '{"first":"one","second":"known"}')
  t.same(ran, [0])
})

t.test('field names are data, not code', async (t) => {
  const names = ['__proto__', 'a"b', 'c\\d', '}; throw 1; {', "it's", '${x}', 'constructor']
  const { fields, record } = fieldsOf(names, [1, 2, 3, 4, 5, 6, 7])
  t.equal(recordJsonWriter(fields, UNSET)(record()), JSON.stringify(recordFactory(fields, UNSET)(record())))
})

t.test('every model of every category: the written text is JSON.stringify of the plain record', async (t) => {
  const anchor = Date.parse('2026-01-01T00:00:00.000Z')
  for (const revision of ['4.0.4', '2026'] as const) {
    const catalogue = loadCatalogue(revision)
    const generator = new Generator(catalogue)
    const categories = new Set(catalogue.models.map((m) => m.category))
    let compared = 0
    let differing = 0
    for (const category of categories) {
      const account = new AccountData(7, `json-${category}`, category, anchor, () => 200)
      for (const model of catalogue.inCategory(category)) {
        for (let index = 0; index < 40; index++) {
          const version = index % 3
          const meta = { index, version, createdUs: anchor * 1000 + index, modifiedUs: anchor * 1000 + index + version, deleted: index % 7 === 0 }
          const built = JSON.stringify(generator.build(model, account, meta, { remoteData: false, sensitive: false, expandSubs: new Set() }))
          compared++
          if (generator.buildPlainJson(model, account, meta) !== built) {
            differing++
            if (differing <= 3) t.equal(generator.buildPlainJson(model, account, meta), built, `${revision} ${model.id}#${index}@${version}`)
          }
        }
      }
    }
    t.equal(differing, 0, `${revision}: ${compared} records, every one the same text`)
  }
})
