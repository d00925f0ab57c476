import { startUnimock } from '../dist/src/index.js'

export const description = 'one API key jumps its clock 30 days (10 accounts, hourly syncs) while another key reads over loopback: the longest wait of the other key\'s requests'

const ACCOUNTS = 10
const JUMP = '30d'

async function call (url, key, method, body) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`)
  return JSON.parse(text)
}

/**
 * Issue #19: the work of one key's long clock jump runs in slices, so no request of another key waits much
 * behind it. Key A has 10 hris accounts syncing every hour and jumps 30 days (its idle accounts pause
 * after 14 days, which bounds the work); meanwhile key B reads its clock over loopback, one request after
 * another, and each request's wall time is recorded. Both clients share this process with the server, as an
 * in-process contract test would.
 */
export async function run (ctx) {
  const unimock = await startUnimock({ rateLimit: 'off' })
  try {
    const { url } = unimock
    const a = (method, path, body) => call(`${url}${path}`, 'bench-jump-a', method, body)
    const b = (method, path, body) => call(`${url}${path}`, 'bench-jump-b', method, body)
    await a('PUT', '/_unimock/sync-interval', { interval: '1h' })
    for (let i = 0; i < ACCOUNTS; i++) await a('POST', '/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: `jump-${i}` })
    await a('POST', '/_unimock/clock/advance', { by: '1h' })
    await b('POST', '/_unimock/linked-accounts', { category: 'hris', end_user_origin_id: 'other' })
    await b('GET', '/_unimock/clock')

    const waits = []
    let done = false
    const started = performance.now()
    const jump = a('POST', '/_unimock/clock/advance', { by: JUMP }).then((r) => { done = true; return r })
    while (!done) {
      const t0 = performance.now()
      await b('GET', '/_unimock/clock')
      waits.push(performance.now() - t0)
    }
    await jump
    const jumpMs = performance.now() - started
    const scheduler = await b('GET', '/_unimock/scheduler')
    const sorted = [...waits].sort((x, y) => x - y)
    const max = sorted.at(-1) ?? 0
    const p99 = sorted[Math.floor(sorted.length * 0.99)] ?? 0
    ctx.printTable(['jump', 'jump wall ms', 'jobs run', 'other key requests', 'their p99 ms', 'their max ms'],
      [[JUMP, jumpMs.toFixed(0), Object.values(scheduler.ran).reduce((x, y) => x + y, 0), waits.length, p99.toFixed(1), max.toFixed(1)]])
    return {
      checks: [{ name: 'other key\'s longest wait during a 30-day jump (ms)', value: Math.round(max), target: '< 100', ok: max < 100 }],
      results: { jumpMs, waits: waits.length, p99, max }
    }
  } finally {
    await unimock.close()
  }
}
