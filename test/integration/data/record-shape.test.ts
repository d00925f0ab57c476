import t from 'tap'
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
