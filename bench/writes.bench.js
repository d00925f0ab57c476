import { fileURLToPath } from 'node:url'
import { httpRequest, waitFor200 } from './lib/http.js'
import { runLoad } from './lib/load.js'
import { startServer } from './lib/processes.js'
import { median, ratio } from './lib/stats.js'
import { formatNumber } from './lib/table.js'
import { unimockArgs } from './lib/unimock.js'

export const description = 'writes: creates/s through POST /api/crm/v1/contacts vs POST /v3/plant and bare Fastify\'s create in one run; list pages read right after a write'

const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url))
const KEY = 'bench_writes'
const CONTACT = JSON.stringify({ model: { first_name: 'Ada', last_name: 'Lovelace', email_addresses: [{ email_address: 'ada@example.com', email_address_type: 'WORK' }] } })
const PLANT = JSON.stringify({ name: 'Bench fern', status: 'available', tags: ['bench'] })
/*
 * A contact create against unimock's own plant create in the same run (it authenticates two secrets, checks
 * scopes and integration support, writes in a transaction, journals and answers the generated record) is
 * reported, not judged: #49 dropped that target when plant saves were batched and the yardstick moved.
 */
/** #20: a contact create against bare Fastify's create (a plant stored in a Map, bench/bare-server.js). */
const TARGET_BARE_RATIO = 0.5
const FRESH_PAIRS = 200

async function call (url, method, body, headers) {
  const res = await httpRequest(url, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { 'Content-Type': 'application/json', ...headers } })
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url} answered ${res.status}: ${res.body}`)
  return res.body === '' ? undefined : JSON.parse(res.body)
}

async function load (ctx, server, label, path, body, headers) {
  const cpuBefore = server.cpuSeconds()
  const r = await runLoad(ctx.loader, { url: server.url + path, method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers }, duration: ctx.options.duration, connections: ctx.options.connections, cpu: ctx.cores.load })
  if (r.non2xx > 0) throw new Error(`${label}: ${r.non2xx} of ${r.requests} answers outside 2xx: the figures would measure errors`)
  const cpuAfter = server.cpuSeconds()
  // The server's CPU per create: on a busy machine it moves far less than req/s does.
  return { ...r, cpuUsPerRequest: cpuBefore === null || cpuAfter === null ? Number.NaN : ((cpuAfter - cpuBefore) * 1e6) / r.requests }
}

export async function run (ctx) {
  const server = await startServer({ name: 'unimock', args: unimockArgs({ extra: ['--rate-limit', 'off'] }), cpu: ctx.cores.server })
  let bare
  try {
    await waitFor200(server.url + '/_unimock/health', { isAlive: server.isAlive })
    bare = await startServer({ name: 'bare', args: [BARE_SERVER, '--port', '0'], cpu: ctx.cores.server })
    await waitFor200(bare.url + '/v3/plant/1', { isAlive: bare.isAlive })
    const auth = { Authorization: `Bearer ${KEY}` }
    const account = await call(`${server.url}/_unimock/linked-accounts`, 'POST', { category: 'crm', end_user_origin_id: 'bench-writes' }, auth)
    await call(`${server.url}/_unimock/linked-accounts/${account.id}/data/sync-pass`, 'POST', {}, auth)
    const headers = { ...auth, 'X-Account-Token': account.account_token }

    if (ctx.options.warmup > 0) {
      ctx.log(`warming up (${ctx.options.warmup}s per route, not measured)...`)
      await load(ctx, server, 'contacts', '/api/crm/v1/contacts', CONTACT, headers)
      await load(ctx, server, 'plant', '/v3/plant', PLANT, {})
      await load(ctx, bare, 'bare', '/v3/plant', PLANT, {})
    }
    const contacts = []
    const plants = []
    const bares = []
    for (let i = 0; i < ctx.options.rounds; i++) {
      contacts.push(await load(ctx, server, 'contacts', '/api/crm/v1/contacts', CONTACT, headers))
      plants.push(await load(ctx, server, 'plant', '/v3/plant', PLANT, {}))
      bares.push(await load(ctx, bare, 'bare', '/v3/plant', PLANT, {}))
    }
    const contactRps = median(contacts.map((r) => r.rps))
    const plantRps = median(plants.map((r) => r.rps))
    const bareRps = median(bares.map((r) => r.rps))
    const writeRatio = ratio(contactRps, plantRps)
    const bareRatio = ratio(contactRps, bareRps)
    const cpu = (runs) => median(runs.map((r) => r.cpuUsPerRequest))
    const writeCpuRatio = ratio(cpu(plants), cpu(contacts))

    // Read after write: each write is followed by the list page of modified_after the write; a stale cached
    // page would miss the record just written.
    const since = (await call(`${server.url}/_unimock/clock`, 'GET', undefined, {})).now
    const pairMs = []
    let stale = 0
    for (let i = 0; i < FRESH_PAIRS; i++) {
      const started = process.hrtime.bigint()
      const written = await call(`${server.url}/api/crm/v1/contacts`, 'POST', JSON.parse(CONTACT), headers)
      const page = await call(`${server.url}/api/crm/v1/contacts?modified_after=${encodeURIComponent(since)}&page_size=1&remote_id=${written.model.remote_id}`, 'GET', undefined, headers)
      pairMs.push(Number(process.hrtime.bigint() - started) / 1e6)
      if (!page.results.some((r) => r.id === written.model.id)) stale++
    }

    const row = (label, runs, rps) => [label, formatNumber(rps, 0), `${formatNumber(Math.min(...runs.map((r) => r.rps)), 0)}–${formatNumber(Math.max(...runs.map((r) => r.rps)), 0)}`,
      formatNumber(median(runs.map((r) => r.latencyMs.p50)), 2), formatNumber(median(runs.map((r) => r.latencyMs.p99)), 2), formatNumber(cpu(runs), 1)]
    ctx.printTable(['route', 'req/s (median)', 'req/s min–max', 'p50 ms', 'p99 ms', 'server CPU µs/req'], [
      row('POST /api/crm/v1/contacts', contacts, contactRps),
      row('POST /v3/plant', plants, plantRps),
      row('bare fastify POST /v3/plant', bares, bareRps)
    ])
    ctx.log(`contacts/plant: ${formatNumber(writeRatio, 2)}× in req/s, ${formatNumber(writeCpuRatio, 2)}× in server CPU per create (plant's over the contact's)`)
    ctx.log(`read after write: ${FRESH_PAIRS} write + list pairs, median ${formatNumber(median(pairMs), 2)} ms a pair, ${stale} stale pages`)
    return {
      checks: [
        { name: 'creates/s contacts/bare fastify', value: formatNumber(bareRatio, 2), target: `≥ ${TARGET_BARE_RATIO}`, ok: bareRatio >= TARGET_BARE_RATIO },
        { name: 'stale list pages after a write', value: String(stale), target: '0', ok: stale === 0 }
      ],
      results: { contactRps, plantRps, bareRps, writeRatio, writeCpuRatio, bareRatio, cpuUsPerRequest: { contacts: cpu(contacts), plant: cpu(plants), bare: cpu(bares) }, pairMedianMs: median(pairMs), stale }
    }
  } finally {
    await server.stop()
    await bare?.stop()
  }
}
