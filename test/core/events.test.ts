import t from 'tap'
import { EventBus } from '../../src/core/events.js'

interface Events {
  'thing:done': { readonly id: number }
  'other:done': { readonly name: string }
}

t.test('listeners hear their event, in the order they subscribed, synchronously', async (t) => {
  const bus = new EventBus<Events>()
  const heard: string[] = []
  bus.on('thing:done', (e) => { heard.push(`first ${e.id}`) })
  bus.on('other:done', (e) => { heard.push(`other ${e.name}`) })
  bus.on('thing:done', (e) => { heard.push(`second ${e.id}`) })
  bus.emit('thing:done', { id: 1 })
  t.same(heard, ['first 1', 'second 1'], 'before emit returns, and only this event\'s listeners')
  bus.emit('other:done', { name: 'x' })
  t.same(heard, ['first 1', 'second 1', 'other x'])
})

t.test('a throwing listener stops the emit and reaches the emitter (whose transaction then rolls back)', async (t) => {
  const bus = new EventBus<Events>()
  const heard: number[] = []
  bus.on('thing:done', () => { throw new Error('no') })
  bus.on('thing:done', (e) => { heard.push(e.id) })
  t.throws(() => { bus.emit('thing:done', { id: 1 }) }, /no/)
  t.same(heard, [])
})

t.test('unsubscribing stops one listener, even during a delivery, without disturbing it', async (t) => {
  const bus = new EventBus<Events>()
  const heard: string[] = []
  let offB = (): void => {}
  const offA = bus.on('thing:done', (e) => { heard.push(`a${e.id}`); offB() })
  offB = bus.on('thing:done', (e) => { heard.push(`b${e.id}`) })
  bus.emit('thing:done', { id: 1 })
  t.same(heard, ['a1', 'b1'], 'b unsubscribed during the delivery and still heard it')
  bus.emit('thing:done', { id: 2 })
  t.same(heard, ['a1', 'b1', 'a2'])
  offA()
  offA()
  bus.emit('thing:done', { id: 3 })
  t.same(heard, ['a1', 'b1', 'a2'], 'nobody left; unsubscribing twice is harmless')
})

t.test('the same function subscribed twice is heard twice and unsubscribed once at a time', async (t) => {
  const bus = new EventBus<Events>()
  let n = 0
  const fn = (): void => { n++ }
  const off1 = bus.on('thing:done', fn)
  bus.on('thing:done', fn)
  bus.emit('thing:done', { id: 1 })
  t.equal(n, 2)
  off1()
  bus.emit('thing:done', { id: 2 })
  t.equal(n, 3)
})
