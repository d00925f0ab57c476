import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import Database from 'better-sqlite3'
import { start } from './helpers.js'

/**
 * kill -9 during writes on a file database (issue #19): after a restart on the same file, every write the
 * server acknowledged is there as it was answered (plants and unified-service records alike), and SQLite's
 * integrity check passes. Writers keep sending until the kill, so the kill lands in the middle of writes.
 */

const KEY = 'test_crash'
const json = { 'content-type': 'application/json', authorization: `Bearer ${KEY}` }

t.test('nothing acknowledged is lost to a kill -9, and the database stays intact', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-crash-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  const db = join(dir, 'unimock.db')
  const args = ['--port', '0', '--db', db, '--clock', 'virtual', '--rate-limit', 'off', '--log-level', 'silent']
  const first = await start(args)

  const created = await fetch(`${first.url}/_unimock/linked-accounts`, { method: 'POST', headers: json, body: JSON.stringify({ category: 'crm', end_user_origin_id: 'crash' }) })
  t.equal(created.status, 201)
  const token = (await created.json() as { account_token: string }).account_token
  const crm = { ...json, 'x-account-token': token }

  const plants = new Map<number, string>()
  const accounts = new Map<string, string>()
  let stop = false
  let n = 0
  const writer = async (): Promise<void> => {
    while (!stop) {
      const i = n++
      try {
        if (i % 3 === 2) {
          const res = await fetch(`${first.url}/api/crm/v1/accounts`, { method: 'POST', headers: crm, body: JSON.stringify({ model: { name: `Crash ${i}` } }) })
          if (res.status === 201) accounts.set((await res.json() as { model: { id: string } }).model.id, `Crash ${i}`)
        } else {
          const res = await fetch(`${first.url}/v3/plant`, { method: 'POST', headers: json, body: JSON.stringify({ name: `Plant ${i}`, tags: [String(i)] }) })
          if (res.status === 200) plants.set((await res.json() as { id: number }).id, `Plant ${i}`)
        }
      } catch {
        return // the server is gone: anything unanswered was never acknowledged
      }
    }
  }
  const writers = Array.from({ length: 6 }, writer)
  while (plants.size + accounts.size < 240) await new Promise((resolve) => { setImmediate(resolve) })
  const code = await first.stop('SIGKILL')
  stop = true
  await Promise.all(writers)
  t.equal(code, null, 'killed, not exited')
  t.ok(plants.size > 100 && accounts.size > 40, `${plants.size} plants and ${accounts.size} accounts acknowledged before the kill`)

  const check = new Database(db, { readonly: true })
  t.equal(check.pragma('integrity_check', { simple: true }), 'ok', 'PRAGMA integrity_check')
  check.close()

  const second = await start(args)
  t.teardown(() => second.stop('SIGTERM'))
  const lostPlants: number[] = []
  for (const [id, name] of plants) {
    const res = await fetch(`${second.url}/v3/plant/${id}`)
    if (res.status !== 200 || (await res.json() as { name: string }).name !== name) lostPlants.push(id)
  }
  t.same(lostPlants, [], 'every acknowledged plant is there with its name')
  const lostAccounts: string[] = []
  for (const [id, name] of accounts) {
    const res = await fetch(`${second.url}/api/crm/v1/accounts/${id}`, { headers: crm })
    if (res.status !== 200 || (await res.json() as { name: string }).name !== name) lostAccounts.push(id)
  }
  t.same(lostAccounts, [], 'every acknowledged crm account is there with its name')
})
