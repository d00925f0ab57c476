import t from 'tap'
import { recordFactory } from '../../../src/integration/third-party/data/fake/record-shape.js'

/**
 * A model's record factory (fake/record-shape.ts) is derived from its compiled fields as the text of a
 * function. Every model's records go through it, so test/integration/data/generator-golden.test.ts and
 * test/golden pin what it makes for the catalogue; these cases pin what the catalogue does not exercise.
 */

const values = (list: readonly unknown[]): { at: (i: number) => unknown, asked: number[] } => {
  const asked: number[] = []
  return { asked, at: (i) => { asked.push(i); return list[i] } }
}

t.test('every field in order, a value where the form shows it, null where it does not', async (t) => {
  const make = recordFactory([{ name: 'id', shown: true }, { name: 'ssn', shown: false }, { name: 'tags', shown: true }, { name: 'note', shown: true }])
  const source = values(['a', 'secret', ['x'], undefined])
  const record = make(source)
  t.same(Object.keys(record), ['id', 'ssn', 'tags', 'note'])
  t.equal(JSON.stringify(record), '{"id":"a","ssn":null,"tags":["x"]}', 'an undefined value is left out as JSON.stringify leaves it out')
  t.same(source.asked, [0, 2, 3], 'a field the form does not show is not generated')
  t.not(make(source), record, 'a new object each time')
})

t.test('field names are data, not code: quotes, backslashes and __proto__ are plain keys', async (t) => {
  const names = ['__proto__', 'a"b', 'c\\d', '}; throw 1; {', 'constructor']
  const record = recordFactory(names.map((name) => ({ name, shown: true })))(values([1, 2, 3, 4, 5]))
  t.same(Object.keys(record), names)
  t.equal(Object.getPrototypeOf(record), Object.prototype, '__proto__ is an own property, not the prototype')
  t.equal(Object.getOwnPropertyDescriptor(record, '__proto__')?.value, 1)
  t.equal(JSON.stringify(record), '{"__proto__":1,"a\\"b":2,"c\\\\d":3,"}; throw 1; {":4,"constructor":5}')
})
