import { join } from 'node:path'
import t from 'tap'
import { openDatabase } from '../../src/store/database.js'
import { migrations } from '../../src/store/migrations/index.js'

// An in-memory database starts as a copy of one blank image migrated once per process: each copy must be its
// own database, fully migrated, with foreign keys enforced (a per-connection setting the image cannot carry),
// as a file database is.

const tenant = (id: number): unknown[] => [id, `hash-${id}`, 'TEST', 0]
const INSERT_TENANT = 'INSERT INTO tenants (id, key_hash, account_type, created_at) VALUES (?, ?, ?, ?)'

for (const kind of ['memory', 'file'] as const) {
  t.test(`a ${kind} database is migrated and enforces foreign keys`, async (t) => {
    const db = openDatabase(kind === 'memory' ? ':memory:' : join(t.testdir(), 'unimock.db'))
    t.teardown(() => db.close())
    t.equal(db.prepare('SELECT count(*) FROM schema_migrations').pluck().get(), migrations.length, 'every migration recorded')
    t.equal(db.pragma('foreign_keys', { simple: true }), 1, 'foreign keys on')
    t.throws(() => db.prepare("INSERT INTO webhook_keys (tenant_id, signature_key) VALUES (99, 'k')").run(), /FOREIGN KEY/,
      'a row of no tenant is refused')
    db.prepare(INSERT_TENANT).run(...tenant(1))
    db.prepare("INSERT INTO webhook_keys (tenant_id, signature_key) VALUES (1, 'k')").run()
    db.prepare('DELETE FROM tenants WHERE id = 1').run()
    t.equal(db.prepare('SELECT count(*) FROM webhook_keys').pluck().get(), 0, 'deleting a tenant deletes its rows')
  })
}

t.test('in-memory databases are copies: what one stores, the next does not see', async (t) => {
  const first = openDatabase(':memory:')
  first.prepare(INSERT_TENANT).run(...tenant(1))
  const second = openDatabase(':memory:')
  t.equal(second.prepare('SELECT count(*) FROM tenants').pluck().get(), 0, 'the second starts blank')
  second.prepare(INSERT_TENANT).run(...tenant(1))
  t.equal(first.prepare('SELECT count(*) FROM tenants').pluck().get(), 1, 'and its write does not reach the first')
  first.close()
  second.close()
})
