import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { compareColdStarts } from './lib/cold-start.js'
import { httpRequest, jsonCall, waitFor200 } from './lib/http.js'
import { runLoad } from './lib/load.js'
import { installPeer } from './lib/peer-install.js'
import { startServer } from './lib/processes.js'
import { ratio, summarizeRounds } from './lib/stats.js'
import { formatNumber } from './lib/table.js'
import { unimockArgs } from './lib/unimock.js'

export const description = 'peers: the same workloads (a 30-record page, GET and POST of a plant, start, RSS) on unimock, unimock with the page cache off, json-server 0.17 in memory and bare Fastify'

const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url))
const JSON_SERVER = fileURLToPath(new URL('./peers/json-server.cjs', import.meta.url))
const JSON_SERVER_VERSION = '0.17.4'
const EMPLOYEES = 1000
const API_KEY = 'bench_peers_key'
const LIST = '/api/hris/v1/employees'
const NEW_PLANT = JSON.stringify({ name: 'Bench fern', status: 'available', tags: ['bench', 'indoor'] })
const JSON_HEADERS = { 'Content-Type': 'application/json' }

/** #49's targets, as shares of bare Fastify's throughput (start and memory: at most that many times bare's). */
const WORKLOADS = [
  { label: '30-record page', path: LIST, account: true, target: 0.5, targetFor: 'unimock, page cache off' },
  { label: 'GET /v3/plant/1', path: '/v3/plant/1', target: 0.8, targetFor: 'unimock' },
  { label: 'POST /v3/plant', path: '/v3/plant', method: 'POST', body: NEW_PLANT, headers: JSON_HEADERS, target: 0.7, targetFor: 'unimock' }
]
const TARGET_START = 1.1
/** The page cache may not make other requests dearer: CPU a request with it on, at most this share over off. */
const CACHE_TOLL = 1.05
const TARGET_RSS = 2

function rssMb (pid) {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
  } catch {
    return Number.NaN
  }
}

/** A unimock with a linked hris account of EMPLOYEES employees, synced; returns the account's read headers. */
async function unimockWithAccount (ctx, name, extra) {
  const server = await startServer({ name, args: unimockArgs({ extra: ['--clock', 'virtual', '--rate-limit', 'off', '--data-volume', `hris.employees=${EMPLOYEES}`, ...extra] }), cpu: ctx.cores.server })
  await waitFor200(server.url + '/_unimock/health', { isAlive: server.isAlive })
  const account = await jsonCall(`${server.url}/_unimock/linked-accounts`, 'POST', { category: 'hris', end_user_origin_id: 'bench_peers' }, API_KEY)
  await jsonCall(`${server.url}/_unimock/linked-accounts/${account.id}/data/sync-pass`, 'POST', { model_id: 'hris.Employee' }, API_KEY)
  return { server, headers: { authorization: `Bearer ${API_KEY}`, 'x-account-token': account.account_token } }
}

/** What json-server holds: the same employees and plants unimock answers, read from unimock. */
async function peerDatabase (unimock) {
  const employees = []
  let cursor = null
  do {
    const res = await httpRequest(`${unimock.server.url}${LIST}?page_size=100${cursor === null ? '' : `&cursor=${cursor}`}`, { headers: unimock.headers })
    const page = JSON.parse(res.body)
    employees.push(...page.results)
    cursor = page.next
  } while (cursor !== null)
  const plant = []
  for (let id = 1; ; id++) {
    const res = await httpRequest(`${unimock.server.url}/v3/plant/${id}`)
    if (res.status !== 200) break
    plant.push(JSON.parse(res.body))
  }
  return { employees, plant }
}

async function load (ctx, target, workload, duration) {
  const cpuBefore = target.server.cpuSeconds()
  const result = await runLoad(ctx.loader, {
    url: target.server.url + workload.path,
    method: workload.method,
    body: workload.body,
    headers: { ...workload.headers, ...(workload.account === true ? target.headers : {}) },
    duration,
    connections: ctx.options.connections,
    cpu: ctx.cores.load
  })
  if (result.non2xx > 0) throw new Error(`${target.label} answered ${result.non2xx} of ${result.requests} ${workload.label} requests outside 2xx/3xx`)
  const cpu = target.server.cpuSeconds() - cpuBefore
  return { ...result, cpuUsPerRequest: (cpu * 1e6) / result.requests, serverCpuShare: cpu / result.seconds }
}

export async function run (ctx) {
  const jsonServerModule = installPeer('json-server', JSON_SERVER_VERSION)
  const dir = mkdtempSync(join(tmpdir(), 'unimock-peers-bench-'))
  const servers = []
  try {
    const cached = await unimockWithAccount(ctx, 'unimock', [])
    servers.push(cached.server)
    const uncached = await unimockWithAccount(ctx, 'unimock, page cache off', ['--data-cache-mb', '0'])
    servers.push(uncached.server)
    const page = (await httpRequest(cached.server.url + LIST, { headers: cached.headers })).body
    const plant1 = (await httpRequest(cached.server.url + '/v3/plant/1')).body
    const db = await peerDatabase(cached)
    writeFileSync(join(dir, 'page.json'), page)
    writeFileSync(join(dir, 'db.json'), JSON.stringify(db))
    const bareEnv = { BARE_PLANT_JSON: plant1, BARE_PAGE_FILE: join(dir, 'page.json'), BARE_NEXT_ID: String(db.plant.length + 1) }
    const peerEnv = { JSON_SERVER_MODULE: jsonServerModule, PEER_DB_FILE: join(dir, 'db.json') }
    const bare = await startServer({ name: 'bare fastify', args: [BARE_SERVER, '--port', '0'], env: bareEnv, cpu: ctx.cores.server })
    servers.push(bare)
    const peer = await startServer({ name: `json-server ${JSON_SERVER_VERSION}`, args: [JSON_SERVER, '--port', '0'], env: peerEnv, cpu: ctx.cores.server })
    servers.push(peer)
    await waitFor200(peer.url + '/v3/plant/1', { isAlive: peer.isAlive })
    ctx.log(`${formatNumber(EMPLOYEES)} employees and ${db.plant.length} plants in every server; the page is ${formatNumber(page.length)} bytes ` +
      `(json-server answers the same 30 records as a bare array, ${formatNumber((await httpRequest(peer.url + LIST)).body.length)} bytes)`)

    const targets = [
      { label: 'bare fastify', server: bare, headers: {} },
      { label: 'unimock', server: cached.server, headers: cached.headers },
      { label: 'unimock, page cache off', server: uncached.server, headers: uncached.headers },
      { label: `json-server ${JSON_SERVER_VERSION}`, server: peer, headers: {} }
    ]
    const { warmup, rounds, duration } = ctx.options
    if (warmup > 0) {
      ctx.log(`warming up (${warmup}s per workload and server, not measured)...`)
      for (const w of WORKLOADS) for (const t of targets) await load(ctx, t, w, warmup)
    }
    ctx.log(`measuring: ${rounds} round(s) of ${duration}s per workload and server, interleaved, ${ctx.options.connections} connections, ${ctx.loader.name}...`)
    const runs = WORKLOADS.map(() => targets.map(() => []))
    for (let r = 0; r < rounds; r++) {
      for (let w = 0; w < WORKLOADS.length; w++) {
        for (let t = 0; t < targets.length; t++) runs[w][t].push(await load(ctx, targets[t], WORKLOADS[w], duration))
      }
    }
    const rss = targets.map((t) => rssMb(t.server.pid))
    const summary = runs.map((perTarget) => perTarget.map(summarizeRounds))

    const rows = []
    for (let w = 0; w < WORKLOADS.length; w++) {
      const bareRps = summary[w][0].rps
      targets.forEach((t, i) => {
        const s = summary[w][i]
        const spread = `${formatNumber(Math.min(...s.rounds.map((x) => x.rps)))}–${formatNumber(Math.max(...s.rounds.map((x) => x.rps)))}`
        rows.push([i === 0 ? WORKLOADS[w].label : '', t.label, formatNumber(s.rps), spread, formatNumber(s.p99, 2), `${formatNumber(s.serverCpuShare * 100)}%`, formatNumber(s.cpuUsPerRequest, 1), i === 0 ? '' : `${formatNumber(ratio(s.rps, bareRps), 2)}×`])
      })
    }
    ctx.log('')
    ctx.printTable(['workload', 'server', 'req/s (median)', 'req/s min–max', 'p99 ms', 'server CPU', 'CPU µs/req', 'vs bare'], rows)

    ctx.log(`\ncold start: spawn → first 200 on /v3/plant/1, ${ctx.options.coldRuns} runs each, interleaved...`)
    const cold = await compareColdStarts({
      bare: { args: (port) => [BARE_SERVER, '--port', String(port)], env: bareEnv, cpu: ctx.cores.server, probePath: '/v3/plant/1' },
      unimock: { args: (port) => unimockArgs({ port }), cpu: ctx.cores.server, probePath: '/v3/plant/1' },
      peer: { args: (port) => [JSON_SERVER, '--port', String(port)], env: peerEnv, cpu: ctx.cores.server, probePath: '/v3/plant/1' }
    }, ctx.options.coldRuns)
    const coldRows = [['bare fastify', cold.bare], ['unimock', cold.unimock], [`json-server ${JSON_SERVER_VERSION}`, cold.peer]]
    ctx.printTable(['server', 'start median ms', 'range ms', 'CPU ms', 'vs bare', 'RSS after load MB', 'vs bare'], coldRows.map(([label, c], i) => {
      const memory = rss[[0, 1, 3][i]]
      return [label, formatNumber(c.median, 1), `${formatNumber(c.min, 1)}–${formatNumber(c.max, 1)}`, formatNumber(c.cpuMedian), i === 0 ? '' : `${formatNumber(ratio(c.median, cold.bare.median), 2)}×`,
        formatNumber(memory), i === 0 ? '' : `${formatNumber(ratio(memory, rss[0]), 2)}×`]
    }).concat([['unimock, page cache off', '', '', '', '', formatNumber(rss[2]), `${formatNumber(ratio(rss[2], rss[0]), 2)}×`]]))
    if (summary.flat().some((s) => s.serverCpuShare < 0.85)) ctx.log('WARNING: a server used less than 85% of its core during a run: other work set the pace; trust CPU µs/req over req/s.')

    const checks = []
    const peerIndex = targets.length - 1
    WORKLOADS.forEach((w, i) => {
      const judged = targets.findIndex((t) => t.label === w.targetFor)
      const value = ratio(summary[i][judged].rps, summary[i][0].rps)
      checks.push({ name: `${w.label}, ${w.targetFor} vs bare`, value: `${formatNumber(value, 2)}×`, target: `≥ ${w.target}×`, ok: value >= w.target })
      const slowest = Math.min(summary[i][1].rps, summary[i][2].rps)
      checks.push({ name: `${w.label}, unimock (either) vs json-server`, value: `${formatNumber(ratio(slowest, summary[i][peerIndex].rps), 2)}×`, target: '> 1×', ok: slowest > summary[i][peerIndex].rps })
    })
    const startRatio = ratio(cold.unimock.median, cold.bare.median)
    checks.push({ name: 'start vs bare', value: `${formatNumber(startRatio, 2)}×`, target: `≤ ${TARGET_START}×`, ok: startRatio <= TARGET_START })
    checks.push({ name: 'start vs json-server', value: `${formatNumber(ratio(cold.unimock.median, cold.peer.median), 2)}×`, target: '< 1×', ok: cold.unimock.median < cold.peer.median })
    // Memory is judged with the default settings (the page cache on); the cache-off figure is in the table.
    const rssRatio = ratio(rss[1], rss[0])
    checks.push({ name: 'RSS after load vs bare (unimock, default settings)', value: `${formatNumber(rssRatio, 2)}×`, target: `≤ ${TARGET_RSS}×`, ok: rssRatio <= TARGET_RSS })
    checks.push({ name: 'RSS after load vs json-server', value: `${formatNumber(ratio(rss[1], rss[3]), 2)}×`, target: '< 1×', ok: rss[1] < rss[3] })
    // The cache's heap must not cost the requests it does not serve: CPU per request, which the machine's
    // other load moves far less than req/s.
    WORKLOADS.forEach((w, i) => {
      if (w.account === true) return
      const toll = ratio(summary[i][1].cpuUsPerRequest, summary[i][2].cpuUsPerRequest)
      checks.push({ name: `${w.label}, CPU a request with the page cache on vs off`, value: `${formatNumber(toll, 2)}×`, target: `≤ ${CACHE_TOLL}×`, ok: toll <= CACHE_TOLL })
    })
    return {
      checks,
      results: {
        workloads: Object.fromEntries(WORKLOADS.map((w, i) => [w.label, Object.fromEntries(targets.map((t, j) => [t.label, summary[i][j]]))])),
        coldStart: cold,
        rssMb: Object.fromEntries(targets.map((t, i) => [t.label, rss[i]]))
      }
    }
  } finally {
    for (const s of servers) await s.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
