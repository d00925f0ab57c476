import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { buildApp, type UnimockApp } from '../../src/app.js'
import { VirtualClock } from '../../src/core/virtual-clock.js'
import { START } from '../helpers/app.js'
import { Client } from './helpers.js'

async function open (db: string): Promise<UnimockApp> {
  const app = buildApp({ db, clock: 'virtual', logLevel: 'silent' }, { clock: new VirtualClock(START) })
  await app.ready()
  return app
}

t.test('with a file database a restart keeps tenants, accounts and every kind of token', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-accounts-'))
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }) })
  const db = join(dir, 'unimock.db')

  const first = await open(db)
  const c1 = new Client(first, 'key-a')
  const linked = await c1.link('hris', 'org1', { end_user_email_address: 'a@org1.example' })
  const pendingLink = await c1.linkToken('ats', { end_user_origin_id: 'org1' })
  const unexchanged = (await c1.complete(await c1.linkToken('crm', { end_user_origin_id: 'org1' }))).json().public_token as string
  const other = await new Client(first, 'key-b').link('hris', 'org1')
  const before = (await c1.withAccount(linked.accountToken).get('/api/hris/v1/account-details')).json()
  await first.close()

  const second = await open(db)
  t.teardown(() => second.close())
  const c2 = new Client(second, 'key-a')
  const after = await c2.withAccount(linked.accountToken).get('/api/hris/v1/account-details')
  t.equal(after.statusCode, 200, 'the account token still works')
  t.same(after.json(), before)
  t.equal((await c2.withAccount(other.accountToken).get('/api/hris/v1/account-details')).statusCode, 401, 'tenants are still apart')
  t.equal((await new Client(second, 'key-b').withAccount(other.accountToken).get('/api/hris/v1/account-details')).statusCode, 200)

  const exchanged = await c2.get(`/api/crm/v1/account-token/${unexchanged}`)
  t.equal(exchanged.statusCode, 200, 'a public token minted before the restart still exchanges')
  const completed = await c2.complete(pendingLink)
  t.equal(completed.statusCode, 200, 'a link token minted before the restart still completes')
  t.equal((await c2.complete(pendingLink)).statusCode, 400, 'and is still single use')

  const fresh = await c2.link('ticketing', 'org1')
  const tokens = (await c2.get('/_unimock/linked-accounts')).json().results.map((a: any) => a.account_token)
  t.equal(new Set(tokens).size, tokens.length, 'tokens minted after the restart do not repeat earlier ones')
  t.ok(tokens.includes(fresh.accountToken))
  t.same((await c2.get('/_unimock/events')).json().results.map((e: any) => e.event), ['LinkedAccount.linked', 'LinkedAccount.linked', 'LinkedAccount.linked', 'LinkedAccount.linked'])
})
