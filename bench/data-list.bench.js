import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { httpRequest, waitFor200 } from './lib/http.js'
import { runLoad } from './lib/load.js'
import { startServer } from './lib/processes.js'
import { ratio, summarizeRounds } from './lib/stats.js'
import { formatNumber } from './lib/table.js'
import { unimockArgs } from './lib/unimock.js'

export const description = 'data list endpoint on a 1,000,000-employee account (DATA_BENCH_EMPLOYEES sets another size): first page and a page after 30,000 records vs bare Fastify'

const BARE_SERVER = fileURLToPath(new URL('./data-bare-server.js', import.meta.url))
const EMPLOYEES = Number(process.env.DATA_BENCH_EMPLOYEES ?? 1_000_000)
/** The deep page starts after 30,000 records, or half the account's when it is smaller (DATA_BENCH_EMPLOYEES=1000). */
const DEEP = Math.min(30_000, Math.floor(EMPLOYEES / 200) * 100)
const API_KEY = 'bench_data_key'
const LIST = '/api/hris/v1/employees'

const TARGET_FIRST = 0.5
/** #49: the uncached page generated on read, at half bare Fastify's speed (#40 had asked 0.4). */
const TARGET_UNCACHED = 0.5
const TARGET_DEEP = 1.2
const TARGET_RSS_MB = 500
const TARGET_BUILD_S = 60

/** Resident memory of a process now, and its peak, in MB (from /proc; null elsewhere). */
function memoryOf (pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (field) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1])
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

async function json (url, { method = 'GET', body, headers = {}, timeoutMs = 600_000 } = {}) {
  const res = await httpRequest(url, { method, body: body === undefined ? undefined : JSON.stringify(body), headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, timeoutMs })
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${url} answered ${res.status}: ${res.body.slice(0, 500)}`)
  return { status: res.status, body: res.body, json: JSON.parse(res.body) }
}

/** The linked account with its million employees: link, then one sync pass of the Employee model. */
async function buildAccount (ctx, server) {
  const auth = { authorization: `Bearer ${API_KEY}` }
  const started = performance.now()
  const created = await json(`${server.url}/_unimock/linked-accounts`, { method: 'POST', headers: auth, body: { category: 'hris', end_user_origin_id: 'bench_hris' } })
  const { id, account_token: token } = created.json
  const pass = await json(`${server.url}/_unimock/linked-accounts/${id}/data/sync-pass`, { method: 'POST', headers: auth, body: { model_id: 'hris.Employee' } })
  const seconds = (performance.now() - started) / 1000
  const written = pass.json.results[0].created
  if (written !== EMPLOYEES) throw new Error(`the sync pass wrote ${written} employees, expected ${EMPLOYEES}`)
  ctx.log(`built the account: ${formatNumber(written)} employees synced in ${formatNumber(seconds, 1)} s`)
  return { headers: { ...auth, 'x-account-token': token }, seconds }
}

/** The cursor of the page that starts after DEEP records, found by walking pages of 100. */
async function deepCursor (server, headers) {
  let cursor = null
  for (let seen = 0; seen < DEEP; seen += 100) {
    const url = `${server.url}${LIST}?page_size=100${cursor === null ? '' : `&cursor=${cursor}`}`
    cursor = (await json(url, { headers })).json.next
    if (cursor === null) throw new Error(`the list ended before ${DEEP} records`)
  }
  return cursor
}

async function load (ctx, server, url, headers, duration) {
  const cpuBefore = server.cpuSeconds()
  const result = await runLoad(ctx.loader, { url, headers, duration, connections: ctx.options.connections, cpu: ctx.cores.load })
  if (result.non2xx > 0) throw new Error(`${server.name} answered ${result.non2xx} of ${result.requests} requests outside 2xx on ${url}`)
  const cpuAfter = server.cpuSeconds()
  const cpu = cpuBefore === null || cpuAfter === null ? Number.NaN : cpuAfter - cpuBefore
  return { ...result, cpuUsPerRequest: (cpu * 1e6) / result.requests, serverCpuShare: cpu / result.seconds }
}

export async function run (ctx) {
  const cpu = ctx.cores.server
  const base = ['--clock', 'virtual', '--rate-limit', 'off', '--data-volume', `hris.employees=${EMPLOYEES}`]
  const dir = mkdtempSync(join(tmpdir(), 'unimock-data-bench-'))
  const servers = []
  try {
    // The default server caches serialised records; the second regenerates every record on every read.
    const variants = [{ name: 'unimock', extra: [] }, { name: 'unimock --data-cache-mb 0', extra: ['--data-cache-mb', '0'] }]
    const builds = []
    for (const v of variants) {
      const server = await startServer({ name: v.name, args: unimockArgs({ extra: [...base, ...v.extra] }), cpu })
      servers.push(server)
      await waitFor200(server.url + '/_unimock/health', { isAlive: server.isAlive })
      const idle = memoryOf(server.pid)
      const account = await buildAccount(ctx, server)
      const built = memoryOf(server.pid)
      const first = await json(server.url + LIST, { headers: account.headers })
      const cursor = await deepCursor(server, account.headers)
      const deepUrl = `${server.url}${LIST}?cursor=${cursor}`
      const deep = await json(deepUrl, { headers: account.headers })
      if (first.json.results.length !== 30 || deep.json.results.length !== 30) throw new Error('pages of 30 records were expected')
      builds.push({ server, account, idle, built, first, deepUrl, deep })
    }
    const [cached, uncached] = builds
    if (cached.first.body !== uncached.first.body) ctx.log('WARNING: the two unimock servers answered different first pages')
    ctx.log(`first page: ${formatNumber(cached.first.body.length)} bytes; the deep page starts at employee_number ${cached.deep.json.results[0].employee_number}`)

    const pageFile = join(dir, 'page.json')
    writeFileSync(pageFile, cached.first.body)
    const bare = await startServer({ name: 'bare', args: [BARE_SERVER, '--port', '0'], env: { BARE_PAGE_FILE: pageFile }, cpu })
    servers.push(bare)
    const bareBody = (await waitFor200(bare.url + '/page', { isAlive: bare.isAlive })).body
    if (bareBody !== cached.first.body) ctx.log('WARNING: the bare server\'s page differs from unimock\'s first page')

    const targets = [
      { label: 'bare fastify, same page from memory', server: bare, url: bare.url + '/page', headers: {} },
      { label: 'unimock, first page', server: cached.server, url: cached.server.url + LIST, headers: cached.account.headers },
      { label: `unimock, page after ${formatNumber(DEEP)}`, server: cached.server, url: cached.deepUrl, headers: cached.account.headers },
      { label: 'unimock no cache, first page', server: uncached.server, url: uncached.server.url + LIST, headers: uncached.account.headers },
      { label: `unimock no cache, page after ${formatNumber(DEEP)}`, server: uncached.server, url: uncached.deepUrl, headers: uncached.account.headers }
    ]
    const { warmup, rounds, duration } = ctx.options
    if (warmup > 0) {
      ctx.log(`warming up (${warmup}s each, not measured)...`)
      for (const x of targets) await load(ctx, x.server, x.url, x.headers, warmup)
    }
    ctx.log(`measuring: ${rounds} round(s) of ${duration}s each, interleaved, ${ctx.options.connections} connections, ${ctx.loader.name}...`)
    const runs = targets.map(() => [])
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < targets.length; i++) runs[i].push(await load(ctx, targets[i].server, targets[i].url, targets[i].headers, duration))
    }
    const after = builds.map((b) => memoryOf(b.server.pid))
    const summary = runs.map(summarizeRounds)
    const [b, f, d, fu, du] = summary
    const firstOf = [null, f, f, fu, fu]
    ctx.log('')
    ctx.printTable(['server', 'req/s (median)', 'p50 ms', 'p99 ms', 'server CPU', 'CPU µs/req', 'vs bare', 'cost vs its first page'], targets.map((x, i) => {
      const s = summary[i]
      return [x.label, formatNumber(s.rps), formatNumber(s.p50, 2), formatNumber(s.p99, 2), `${formatNumber(s.serverCpuShare * 100)}%`, formatNumber(s.cpuUsPerRequest, 1),
        `${formatNumber(ratio(s.rps, b.rps), 2)}×`, firstOf[i] === null ? '' : `${formatNumber(ratio(firstOf[i].rps, s.rps), 2)}×`]
    }))
    ctx.log('vs bare = req/s over bare Fastify\'s; cost vs its first page = that server\'s first-page req/s over this row\'s (1.00× = the same cost).\n' +
      '"no cache" regenerates and serialises every record on every request (--data-cache-mb 0).')
    for (let i = 0; i < builds.length; i++) {
      const { server, idle, built, account } = builds[i]
      ctx.log(`${server.name}: build ${formatNumber(account.seconds, 1)} s; RSS ${formatNumber(idle?.rss ?? Number.NaN)} MB idle, ${formatNumber(built?.rss ?? Number.NaN)} MB with ${formatNumber(EMPLOYEES)} employees, ` +
        `${formatNumber(after[i]?.rss ?? Number.NaN)} MB after the load (peak ${formatNumber(after[i]?.peak ?? Number.NaN)} MB)`)
    }
    if (summary.some((s) => s.serverCpuShare < 0.85)) ctx.log('WARNING: a server used less than 85% of its core during a run: other work set the pace; trust CPU µs/req over req/s.')

    const firstRatio = ratio(f.rps, b.rps)
    const deepCost = ratio(f.rps, d.rps)
    const deepCostUncached = ratio(fu.rps, du.rps)
    const peakMb = Math.max(...after.map((m) => m?.peak ?? Number.NaN))
    const buildSeconds = cached.account.seconds
    const checks = [
      { name: 'first page req/s vs bare', value: `${formatNumber(firstRatio, 2)}×`, target: `≥ ${TARGET_FIRST}×`, ok: firstRatio >= TARGET_FIRST },
      { name: 'first page req/s vs bare, no cache', value: `${formatNumber(ratio(fu.rps, b.rps), 2)}×`, target: `≥ ${TARGET_UNCACHED}×`, ok: ratio(fu.rps, b.rps) >= TARGET_UNCACHED },
      { name: `page after ${formatNumber(DEEP)} cost vs first`, value: `${formatNumber(deepCost, 2)}×`, target: `≤ ${TARGET_DEEP}×`, ok: deepCost <= TARGET_DEEP },
      { name: `page after ${formatNumber(DEEP)} cost vs first, no cache`, value: `${formatNumber(deepCostUncached, 2)}×`, target: `≤ ${TARGET_DEEP}×`, ok: deepCostUncached <= TARGET_DEEP },
      { name: `server memory peak, ${formatNumber(EMPLOYEES)} employees`, value: `${formatNumber(peakMb)} MB`, target: `< ${TARGET_RSS_MB} MB`, ok: peakMb < TARGET_RSS_MB },
      { name: `build ${formatNumber(EMPLOYEES)} employees`, value: `${formatNumber(buildSeconds, 1)} s`, target: `< ${TARGET_BUILD_S} s`, ok: buildSeconds < TARGET_BUILD_S }
    ]
    return {
      checks,
      results: {
        employees: EMPLOYEES,
        builds: builds.map((x, i) => ({ server: x.server.name, seconds: x.account.seconds, memoryMb: { idle: x.idle, built: x.built, after: after[i] } })),
        runs: Object.fromEntries(targets.map((x, i) => [x.label, summary[i]]))
      }
    }
  } finally {
    for (const s of servers) await s.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}
