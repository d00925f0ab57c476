import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import t, { type Test } from 'tap'
import { entry, run } from './helpers.js'

// #48: a shared server, started as docs/guides/ci.md's service container starts it (no --api-key, the
// settings as UNIMOCK_* variables), hands no one a key it was not given. A CI job uses its key; a request
// without credentials then reads every anonymous answer of the control API and the dashboard, and nothing in
// them opens that job's world. The built CLI, as users run it (npm test builds first).

t.before(() => {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run npm run build (npm test does it)`)
})

const KEY = 'ci_job_alpha_secret'
const JSON_TYPE = { 'content-type': 'application/json' }

interface Server { readonly url: string, readonly stdout: string }

/** The built bin with the container's settings in its environment; stopped when the test ends. */
async function serve (t: Test, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [entry], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
  t.teardown(() => new Promise<void>((done) => { child.once('exit', () => { done() }); child.kill('SIGTERM') }))
  return await new Promise((resolve, reject) => {
    let out = ''
    let err = ''
    child.stderr.on('data', (c: Buffer) => { err += c.toString() })
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString()
      const url = /unimock listening on (http:\/\/\S+)/.exec(out)?.[1]
      if (url !== undefined && out.endsWith('\n')) resolve({ url, stdout: out })
    })
    child.once('exit', (code) => { reject(new Error(`exited ${String(code)} before listening: ${err}`)) })
  })
}

/** The README's link flow under `key`: a linked account of org `origin`, whose account token the job keeps. */
async function linkAccount (url: string, key: string, origin: string): Promise<void> {
  const auth = { authorization: `Bearer ${key}`, ...JSON_TYPE }
  const post = async (path: string, body: unknown): Promise<Record<string, string>> =>
    await (await fetch(`${url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) })).json() as Record<string, string>
  const { link_token: lt } = await post('/api/hris/v1/link-token', { end_user_origin_id: origin, end_user_organization_name: `${origin} Inc`, end_user_email_address: 'it@example.com' })
  const { public_token: pt } = await post(`/_unimock/link-tokens/${lt}/complete`, { outcome: 'success' })
  const res = await fetch(`${url}/api/hris/v1/account-token/${pt}`, { headers: auth })
  if (res.status !== 200) throw new Error(`account-token answered ${res.status}`)
}

/** Every string anywhere in a JSON value. */
function strings (value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(strings)
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(strings)
  return []
}

/** Whether `key` opens the world that holds the job's account. */
async function opensVictim (url: string, key: string): Promise<boolean> {
  const res = await fetch(`${url}/_unimock/linked-accounts`, { headers: { authorization: `Bearer ${key}` } })
  return res.status === 200 && (await res.text()).includes('victim_org')
}

t.test('a server started as the CI guide starts it: an anonymous request learns nothing that opens a job\'s key', async (t) => {
  const { url, stdout } = await serve(t, { UNIMOCK_CLOCK: 'virtual', UNIMOCK_PORT: '0' })
  t.notMatch(stdout, '#key=', 'no key is known at start, so the dashboard URL carries none')
  await linkAccount(url, KEY, 'victim_org')
  t.ok(await opensVictim(url, KEY), 'the job\'s own key opens its world')

  // What the dashboard's first view reads: it names the key, but only so that its owner recognises it.
  const keys = await (await fetch(`${url}/_unimock/keys`)).json() as { keys_shown: string, keys: Array<Record<string, unknown>> }
  t.equal(keys.keys_shown, 'masked')
  t.match(keys.keys, [{ hint: 'ci_j…', linked_accounts: 1, last_used_at: /^\d{4}-\d\d-\d\dT/ }])
  t.notOk('key' in keys.keys[0]!, 'no key field')
  // Each string as it is and without the hint's ellipsis (a string with a character beyond Latin-1 cannot be
  // sent in a header at all, so it is no key).
  const sendable = [...new Set(strings(keys).flatMap((s) => [s, s.replace(/…$/, '')]))].filter((s) => /^[\x20-\xff]+$/.test(s))
  t.ok(sendable.includes('ci_j'), 'the hint\'s characters are tried too')
  for (const candidate of sendable) t.notOk(await opensVictim(url, candidate), `"${candidate}" from GET /_unimock/keys opens nothing of the job's`)

  // Every other answer a request without credentials gets: the control API's parameterless reads, the
  // dashboard's page and bundle, the OpenAPI document.
  const doc = await (await fetch(`${url}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> }
  const reads = Object.entries(doc.paths).filter(([path, item]) => 'get' in item && !path.includes('{') && path.startsWith('/_unimock/')).map(([path]) => path)
  t.ok(reads.includes('/_unimock/keys') && reads.length > 10, `${reads.length} anonymous reads`)
  for (const path of [...reads, '/openapi.json']) {
    const res = await fetch(`${url}${path}`, { headers: { accept: 'application/json' } })
    const body = path === '/_unimock/stream' ? '' : await res.text()
    if (path === '/_unimock/stream') await res.body?.cancel()
    t.notMatch(body, KEY, `GET ${path} (${res.status}) does not carry the key`)
  }
})

t.test('--dashboard-keys list: the operator of a one-person server asks for the keys themselves', async (t) => {
  const { url } = await serve(t, { UNIMOCK_CLOCK: 'virtual', UNIMOCK_PORT: '0', UNIMOCK_DASHBOARD_KEYS: 'list' })
  await linkAccount(url, KEY, 'victim_org')
  t.match(await (await fetch(`${url}/_unimock/keys`)).json(), { keys_shown: 'list', keys: [{ key: KEY, hint: 'ci_j…', linked_accounts: 1 }] })
})

t.test('with --api-key, the startup line\'s dashboard URL carries the key in its fragment; list is refused there', async (t) => {
  const { stdout } = await serve(t, { UNIMOCK_CLOCK: 'virtual', UNIMOCK_PORT: '0', UNIMOCK_API_KEY: 'k&1,k2' })
  t.match(stdout, /; dashboard http:\/\/127\.0\.0\.1:\d+\/_unimock\/ui#key=k%261\n$/, 'the first key, encoded for the fragment')
  const refused = await run(['--api-key', 'k1', '--dashboard-keys', 'list'])
  t.equal(refused.code, 2)
  t.match(refused.stderr, /^unimock: invalid value for --dashboard-keys: list applies to a server without --api-key/)
})
