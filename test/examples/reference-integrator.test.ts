import { spawn, type ChildProcess } from 'node:child_process'
import { createHmac, randomUUID } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import t, { type Test } from 'tap'
import { startUnimock, type RunningUnimock } from '../../src/server.js'

/**
 * The reference integrator (examples/reference-integrator/) driven through the spec's flow over plain HTTP,
 * with unimock in-process on the real clock playing the service: create-link-token, the link completed
 * headlessly, exchange, the initial sync and its webhook, the incremental fetch, check-sync-status, a relink
 * after a 401 (through the health check and through an exchange) and delete-integration.
 *
 * REFERENCE_BROKEN=<variant> in the environment runs the same flow against a broken variant, to see it fail.
 */
const SERVER = fileURLToPath(new URL('../../examples/reference-integrator/server.js', import.meta.url))
const PREFIX = '/api/integrations'
const EMPLOYEES = 120
const WAIT_MS = 10_000

interface Reference { url: string, child: ChildProcess, output: () => string }

function startReference (env: Record<string, string>): Promise<Reference> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { PATH: process.env.PATH ?? '', ...env }
    })
    let out = ''
    const timer = setTimeout(() => { child.kill('SIGKILL'); reject(new Error(`the reference did not listen within ${WAIT_MS} ms: ${out}`)) }, WAIT_MS)
    child.stderr!.on('data', (c: Buffer) => { out += c.toString() })
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m !== null) {
        clearTimeout(timer)
        resolve({ url: m[1]!, child, output: () => out })
      }
    })
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`the reference exited ${String(code)} before listening: ${out}`)) })
  })
}

function stopReference (ref: Reference): Promise<void> {
  return new Promise((resolve) => {
    if (ref.child.exitCode !== null) return resolve()
    const kill = setTimeout(() => ref.child.kill('SIGKILL'), 5000)
    ref.child.once('exit', () => { clearTimeout(kill); resolve() })
    ref.child.kill('SIGTERM')
  })
}

async function json (res: Response): Promise<any> {
  const text = await res.text()
  try {
    return JSON.parse(text)
  } catch {
    throw new Error(`${res.url} answered ${res.status} with no JSON: ${text.slice(0, 200)}`)
  }
}

/** Polls `probe` every 50 ms until it answers something other than undefined, at most WAIT_MS. */
async function eventually<T> (what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${WAIT_MS} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

t.test('the reference integrator through the spec\'s flow, against unimock on the real clock', async (t: Test) => {
  const unimock: RunningUnimock = await startUnimock({ clock: 'real', initialSyncDuration: '300ms', dataVolume: [`hris.Employee=${EMPLOYEES}`] })
  t.teardown(() => unimock.close())
  const apiKey = `reference_${randomUUID()}`
  const control = async (method: string, path: string, body?: unknown): Promise<any> => json(await fetch(`${unimock.url}/_unimock${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body)
  }))
  const { key: webhookKey } = await control('GET', '/webhooks/signature-key')

  const ref = await startReference({
    UNIMOCK_URL: unimock.url,
    UNIMOCK_API_KEY: apiKey,
    UNIMOCK_WEBHOOK_KEY: webhookKey,
    PORT: '0',
    ...(process.env.REFERENCE_BROKEN === undefined ? {} : { REFERENCE_BROKEN: process.env.REFERENCE_BROKEN })
  })
  t.teardown(() => stopReference(ref))
  const app = async (path: string, body?: unknown, user = 'alice'): Promise<{ status: number, body: any }> => {
    const res = await fetch(`${ref.url}${PREFIX}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'x-demo-user': user, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(WAIT_MS)
    })
    return { status: res.status, body: await json(res) }
  }
  const journal = async (path: string): Promise<any[]> => (await control('GET', `/requests?path=${encodeURIComponent(path)}&order=oldest&limit=1000`)).entries
  const status = async (): Promise<string | undefined> => (await app('/integrations')).body.integrations[0]?.status

  t.same(await app('/integrations', undefined, 'mallory'), { status: 401, body: { success: false, error: 'log in first (X-Demo-User: alice or bob)' } })
  t.equal((await control('POST', '/webhooks/targets', { url: `${ref.url}${PREFIX}/webhook/{category}` })).url, `${ref.url}${PREFIX}/webhook/{category}`)

  // create-link-token → the link completed as the end user would → exchange-public-token
  const created = await app('/create-link-token', { category: 'hris' })
  t.equal(created.status, 200, 'create-link-token')
  t.type(created.body.link_token, 'string')
  const [linkCall] = await journal('/api/hris/v1/link-token')
  t.equal(linkCall.facets.end_user_origin_id, '1_hris', 'the origin id of the spec\'s one-per-category strategy')
  const completed = await control('POST', `/link-tokens/${encodeURIComponent(created.body.link_token)}/complete`, {})
  t.equal(completed.outcome, 'success')
  const accountId: string = completed.linked_account_id
  t.equal((await app('/exchange-public-token', {})).status, 400, 'no public_token: 400')
  t.equal((await app('/exchange-public-token', { public_token: completed.public_token }, 'bob')).status, 404, 'bob has no pending record: 404')
  const exchanged = await app('/exchange-public-token', { public_token: completed.public_token })
  t.equal(exchanged.status, 200, 'exchange-public-token')
  t.same(Object.keys(exchanged.body).sort(), ['integration_id', 'integration_name', 'success'], 'no token in the answer')
  t.equal(exchanged.body.integration_name, completed.integration.name, 'the integration as the service named it')
  const integrationId: number = exchanged.body.integration_id
  t.equal(await status(), 'active')
  t.equal((await app('/create-link-token', { category: 'hris' })).status, 400, 'create-link-token for an active record: 400')

  // The initial sync finishes; its webhooks arrive; the reference fetches the employees once, bounded above.
  const records = await eventually('the webhook-driven fetch', async () => {
    const stored = (await app(`/integrations/${integrationId}/records`)).body
    return stored.models.length > 0 ? stored : undefined
  })
  const sync = await control('GET', `/linked-accounts/${accountId}/sync`)
  const employee = sync.sync_status.find((s: any) => s.model_id === 'hris.Employee')
  t.equal(records.records.length, EMPLOYEES, 'every employee stored')
  t.equal(records.models[0].last_sync_finished, employee.last_sync_finished, 'the service\'s last_sync_finished stored as it was written')
  const pages = await journal('/api/hris/v1/employees')
  t.equal(pages.length, Math.ceil(EMPLOYEES / 50), 'one fetch of three pages (the second webhook of the same sync fetched nothing)')
  t.same(pages.map((p) => p.query.page_size), ['50', '50', '50'])
  t.same(pages[0].query, { modified_before: employee.last_sync_finished, page_size: '50' }, 'the first fetch: only modified_before')
  t.ok(Date.parse(records.models[0].last_synced_at) <= Date.parse(pages[0].at), 'last_synced_at taken before the first page')
  t.ok(pages.slice(1).every((p: any) => p.query.modified_before === employee.last_sync_finished && typeof p.query.cursor === 'string'), 'later pages: the cursor, the rest unchanged')

  // check-sync-status: complete, with the latest last_sync_finished; nothing newer, so no fetch.
  const latest = sync.sync_status.map((s: any) => s.last_sync_finished).filter((v: unknown) => v !== null).sort().at(-1)
  t.same((await app('/check-sync-status', { integration_id: integrationId })).body, { success: true, sync_complete: true, sync_status: 'DONE', last_sync_time: latest })
  t.equal((await journal('/api/hris/v1/employees')).length, pages.length, 'no second fetch')
  t.equal((await app('/check-sync-status', {})).status, 400)
  t.equal((await app('/check-sync-status', { integration_id: integrationId }, 'bob')).status, 404, 'another organisation\'s integration')

  // Webhooks: a forged signature is refused, an unknown integration answers 404.
  const hook = async (body: object, signature?: string): Promise<number> => {
    const raw = JSON.stringify(body)
    const signed = createHmac('sha256', webhookKey).update(raw).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')
    const res = await fetch(`${ref.url}${PREFIX}/webhook/hris`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-merge-webhook-signature': signature ?? signed }, body: raw })
    return res.status
  }
  const event = { hook: { event: 'LinkedAccount.sync_completed' }, linked_account: { end_user_origin_id: '1_hris' }, data: { is_initial_sync: false, sync_status: {} } }
  t.equal(await hook(event, 'forged='), 401, 'a forged signature')
  t.equal(await hook({ ...event, linked_account: { end_user_origin_id: '9_hris' } }), 404, 'an unknown integration')
  t.equal(await hook(event), 200, 'a signed delivery')

  // A 401 on the account: the health check moves the record to error; a relink with the same origin id
  // completed at the service brings it back, through the health check ...
  await control('POST', `/linked-accounts/${accountId}/relink-needed`, {})
  t.match((await app('/check-sync-status', { integration_id: integrationId })).body, { success: true, sync_complete: false, sync_status: 'RELINK_NEEDED' })
  t.equal(await status(), 'error', 'a 401 moves the record to error')
  const relink = await app('/relink-integration', { integration_id: integrationId })
  t.equal(relink.status, 200, 'relink-integration')
  t.equal((await journal('/api/hris/v1/link-token')).at(-1).facets.end_user_origin_id, '1_hris', 'the relink token has the same origin id')
  // A relink resumes the account's syncs: a short one, whose data the reference then fetches incrementally.
  await control('PUT', `/linked-accounts/${accountId}/next-sync`, { result: 'DONE', duration: '200ms' })
  t.equal((await control('POST', `/link-tokens/${encodeURIComponent(relink.body.link_token)}/complete`, {})).is_relink, true)
  t.match((await app('/check-sync-status', { integration_id: integrationId })).body, { success: true })
  t.equal(await status(), 'active', 'the health check reactivates the record')
  const later = await eventually('the sync after the relink, fetched', async () => {
    const models = (await app(`/integrations/${integrationId}/records`)).body.models
    return models[0].last_sync_finished !== employee.last_sync_finished ? models[0] : undefined
  })
  const window = (await journal('/api/hris/v1/employees')).slice(pages.length)
  t.same(window[0]?.query, { modified_after: records.models[0].last_synced_at, modified_before: later.last_sync_finished, page_size: '50' },
    'the next window: from the stored start time to the new last_sync_finished')
  t.match(await eventually('sync_complete after the relink', async () => {
    const answer = (await app('/check-sync-status', { integration_id: integrationId })).body
    return answer.sync_complete === true ? answer : undefined
  }), { success: true, sync_status: 'DONE' })

  // ... and through the exchange of the relink's public token.
  await control('POST', `/linked-accounts/${accountId}/relink-needed`, {})
  await app('/check-sync-status', { integration_id: integrationId })
  t.equal(await status(), 'error')
  const relinkToken = (await app('/relink-integration', { integration_id: integrationId })).body.link_token
  await control('PUT', `/linked-accounts/${accountId}/next-sync`, { result: 'DONE', duration: '200ms' })
  const again = await control('POST', `/link-tokens/${encodeURIComponent(relinkToken)}/complete`, {})
  t.match((await app('/exchange-public-token', { public_token: again.public_token })).body, { success: true, integration_id: integrationId })
  t.equal(await status(), 'active', 'the exchange of a relink reactivates the record')
  t.match((await app('/check-sync-status', { integration_id: integrationId })).body, { success: true, sync_status: /^(SYNCING|DONE)$/ }, 'the account token still works')

  // The retry rules, on the sync-status read of check-sync-status: Retry-After on 429, then at most 3 retries
  // with growing delays on 5xx, and a dropped connection retried.
  const statusReads = async (): Promise<any[]> => journal('/api/hris/v1/sync-status')
  const fault = async (body: object): Promise<number> => (await control('POST', '/faults', { scope: { path: '/api/hris/v1/sync-status' }, ...body })).id
  let before = (await statusReads()).length
  await fault({ kind: 'status', status: 429, retry_after: 1, count: 1 })
  t.equal((await app('/check-sync-status', { integration_id: integrationId })).status, 200, 'a 429 is waited out')
  const [limited, retried] = (await statusReads()).slice(before)
  t.equal(limited.status, 429)
  t.ok(Date.parse(retried.at) - Date.parse(limited.at) >= 1000, 'the retry waits Retry-After: 1')
  before = (await statusReads()).length
  const failing = await fault({ kind: 'status', status: 500 })
  t.equal((await app('/check-sync-status', { integration_id: integrationId })).status, 500, 'a service that keeps failing: 500')
  await control('DELETE', `/faults/${failing}`)
  const attempts = (await statusReads()).slice(before)
  t.equal(attempts.length, 4, 'one call and 3 retries')
  // From the end of one attempt to the start of the next: the backoff, without the attempt's own time.
  const waits = attempts.slice(1).map((e, i) => Math.round(Date.parse(e.at) - Date.parse(attempts[i].at) - attempts[i].duration_ms))
  t.ok(waits[0]! >= 90 && waits[1]! > waits[0]! && waits[2]! > waits[1]!, `growing delays from 100 ms: ${waits.join(', ')}`)
  await fault({ kind: 'reset', count: 1 })
  t.equal((await app('/check-sync-status', { integration_id: integrationId })).status, 200, 'a dropped connection is retried')

  // delete-integration: at the service first, then locally; 404 afterwards.
  t.same((await app('/delete-integration', { integration_id: integrationId })).body, { success: true })
  const deletes = await journal('/api/hris/v1/delete-account')
  t.same(deletes.map((d) => d.status), [200], 'deleted at the service')
  t.same((await control('GET', '/linked-accounts')).results.filter((a: any) => a.id === accountId), [], 'gone at the service')
  t.same((await app('/integrations')).body.integrations, [], 'gone locally')
  t.equal((await app('/delete-integration', { integration_id: integrationId })).status, 404)
  t.notMatch(ref.output(), /(Type|Reference|Syntax|Range)Error|Unhandled/, 'no programming error in the reference\'s log')
})
