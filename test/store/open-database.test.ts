import { join } from 'node:path'
import t from 'tap'
import { openDatabase } from '../../src/store/database.js'
import { migrations } from '../../src/store/migrations/index.js'

// An in-memory database is built by replaying the script of one blank database migrated once per process: each
// must be its own database, fully migrated, with foreign keys enforced (a per-connection setting), as a file
// database is.

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

t.test('an in-memory database has the schema and rows of a migrated file database', async (t) => {
  const memory = openDatabase(':memory:')
  const file = openDatabase(join(t.testdir(), 'unimock.db'))
  t.teardown(() => { memory.close(); file.close() })
  const schema = (db: typeof memory): unknown[] =>
    db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_autoindex%' ORDER BY type, name").all()
  t.same(schema(memory), schema(file), 'every table, index and trigger, with the same SQL')
  t.ok((schema(file) as Array<{ type: string }>).some((o) => o.type === 'index'), 'indexes are compared too')
  for (const { name } of memory.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>) {
    t.same(memory.prepare(`SELECT * FROM "${name}"`).all(), file.prepare(`SELECT * FROM "${name}"`).all(), `rows of ${name}`)
  }
})
