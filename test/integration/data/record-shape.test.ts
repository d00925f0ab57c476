import t from 'tap'
import { loadCatalogue, SENSITIVE_FIELDS } from '../../../src/integration/base/catalogue/catalogue.js'
import { AccountData } from '../../../src/integration/third-party/data/fake/account-data.js'
import { Generator } from '../../../src/integration/third-party/data/fake/generator.js'
import type { RecordState } from '../../../src/integration/third-party/data/fake/record-state.js'
import { type FactoryField, recordFactory, type ValueSlots } from '../../../src/integration/third-party/data/fake/record-shape.js'

/**
 * A model's record factory (fake/record-shape.ts) is derived from its compiled fields as the text of a
 * function. Every model's records go through it, so test/integration/data/generator-golden.test.ts and
 * test/golden pin what it makes for the catalogue; these cases pin what the catalogue does not exercise.
 */

const UNSET = Symbol('unset')

/** Fields whose writers give `list[i]` and note which ran; a record with no value computed yet. */
function fieldsOf (names: readonly string[], list: readonly unknown[], hidden: readonly string[] = []): { fields: FactoryField[], ran: number[], record: () => ValueSlots } {
  const ran: number[] = []
  const fields = names.map((name, i) => ({ name, shown: !hidden.includes(name), write: (_r: RecordState) => { ran.push(i); return list[i] } }))
  return { fields, ran, record: () => ({ values: names.map(() => UNSET) }) as unknown as ValueSlots }
}

t.test('every field in order, a value where the form shows it, null where it does not', async (t) => {
  const { fields, ran, record } = fieldsOf(['id', 'ssn', 'tags', 'note'], ['a', 'secret', ['x'], undefined], ['ssn'])
  const make = recordFactory(fields, UNSET)
  const made = make(record())
  t.same(Object.keys(made), ['id', 'ssn', 'tags', 'note'])
  t.equal(JSON.stringify(made), '{"id":"a","ssn":null,"tags":["x"]}', 'an undefined value is left out as JSON.stringify leaves it out')
  t.same(ran, [0, 2, 3], 'a field the form does not show is not generated')
  t.not(make(record()), made, 'a new object each time')
})

t.test('a value another field\'s writer already computed is used, not computed again', async (t) => {
  const { fields, ran, record } = fieldsOf(['first', 'second'], ['one', 'two'])
  const r = record()
  r.values[1] = 'known'
  t.same(recordFactory(fields, UNSET)(r), { first: 'one', second: 'known' })
  t.same(ran, [0])
  t.same(r.values, ['one', 'known'], 'what a writer computed is kept for the fields after it')
})

t.test('field names are data, not code: quotes, backslashes and __proto__ are plain keys', async (t) => {
  const names = ['__proto__', 'a"b', 'c\\d', '}; throw 1; {', 'constructor']
  const { fields, record } = fieldsOf(names, [1, 2, 3, 4, 5])
  const made = recordFactory(fields, UNSET)(record())
  t.same(Object.keys(made), names)
  t.equal(Object.getPrototypeOf(made), Object.prototype, '__proto__ is an own property, not the prototype')
  t.equal(Object.getOwnPropertyDescriptor(made, '__proto__')?.value, 1)
  t.equal(JSON.stringify(made), '{"__proto__":1,"a\\"b":2,"c\\\\d":3,"}; throw 1; {":4,"constructor":5}')
})

t.test('every model of every category: the factory\'s record is each field in catalogue order with the value its writer gives', async (t) => {
  const anchor = Date.parse('2026-01-01T00:00:00.000Z')
  for (const revision of ['4.0.4', '2026'] as const) {
    const catalogue = loadCatalogue(revision)
    const generator = new Generator(catalogue)
    const categories = new Set(catalogue.models.map((m) => m.category))
    t.equal(categories.size, 10, `${revision}: every category`)
    let models = 0
    for (const category of categories) {
      const account = new AccountData(7, `shape-${category}`, category, anchor, () => 50)
      for (const model of catalogue.inCategory(category)) {
        models++
        for (const [index, version, deleted] of [[0, 0, false], [3, 2, false], [11, 1, true]] as const) {
          const meta = { index, version, createdUs: anchor * 1000 + index, modifiedUs: anchor * 1000 + index + version, deleted }
          for (const sensitive of [false, true]) {
            const built = generator.build(model, account, meta, { remoteData: false, sensitive, expandSubs: new Set() })
            // Field by field through the record's own writers (GeneratedRecord.get), not through the factory.
            const expected = Object.fromEntries(model.fields.map((f) => [f.name,
              f.shape.t === 'remote_data' || (!sensitive && SENSITIVE_FIELDS.has(f.name)) ? null : generator.fieldValue(model, account, meta, f.name)]))
            if (JSON.stringify(built) !== JSON.stringify(expected) || Object.keys(built).join() !== model.fields.map((f) => f.name).join()) {
              t.fail(`${revision} ${model.id}#${index}@${version}${sensitive ? ' sensitive' : ''}`)
            }
          }
        }
      }
    }
    t.ok(models >= 100, `${revision}: ${models} models`)
  }
})
