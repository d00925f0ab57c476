import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { startServer } from './lib/processes.js'
import { jsonCall as call, waitFor200 } from './lib/http.js'
import { unimockArgs } from './lib/unimock.js'

export const description = 'webhooks: 10,000 signed deliveries (100 targets × 100 events) to a local receiver, on the virtual clock'

const TARGETS = 100
const EVENTS = 100

/** Resident and peak memory of a process, in MB (Linux /proc; null elsewhere). */
function memoryMb (pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN)
    return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 }
  } catch {
    return null
  }
}

/**
 * Queues the deliveries without sending them (the virtual clock stands still), then times one clock advance
 * that sends them all: every delivery is signed, POSTed through undici to a receiver in this process, and
 * journaled. The receiver runs on the load core's process, not the server's.
 */
export async function run (ctx) {
  let received = 0
  const receiver = createServer((req, res) => {
    req.resume()
    req.on('end', () => { received++; res.writeHead(200).end() })
  })
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}`
  const server = await startServer({
    name: 'unimock',
    args: unimockArgs({ extra: ['--clock', 'virtual', '--rate-limit', 'off', '--initial-sync-duration', '24h'] }),
    cpu: ctx.cores.server
  })
  try {
    await waitFor200(server.url + '/_unimock/health', { isAlive: server.isAlive })
    const key = 'test_bench'
    const account = await call(`${server.url}/_unimock/linked-accounts`, 'POST', { category: 'hris', end_user_origin_id: 'bench-webhooks' }, key)
    for (let i = 0; i < TARGETS; i++) {
      await call(`${server.url}/_unimock/webhooks/targets`, 'POST', { url: `${receiverUrl}/t${i}/{category}`, events: ['LinkedAccount.sync_completed'] }, key)
    }
    for (let i = 0; i < EVENTS; i++) {
      await call(`${server.url}/_unimock/webhooks/send`, 'POST', { event: 'LinkedAccount.sync_completed', linked_account_id: account.id }, key)
    }
    const memBefore = memoryMb(server.pid)
    const cpuBefore = server.cpuSeconds?.() ?? null

    const started = performance.now()
    await call(`${server.url}/_unimock/clock/advance`, 'POST', { by: '1s' }, key)
    const wallS = (performance.now() - started) / 1000
    const cpuS = cpuBefore === null ? null : server.cpuSeconds() - cpuBefore
    const memAfter = memoryMb(server.pid)

    let delivered = 0
    let after = 0
    for (;;) {
      const page = await call(`${server.url}/_unimock/webhooks/deliveries?state=delivered&limit=1000&after=${after}`, 'GET', undefined, key)
      delivered += page.results.length
      if (page.next_after === null) break
      after = page.next_after
    }
    const expected = TARGETS * EVENTS
    const rate = delivered / wallS
    const mb = (m, k) => (m === null ? 'n/a' : m[k].toFixed(0))
    ctx.printTable(['deliveries', 'received', 'wall s', 'server CPU s', 'deliveries/s', 'RSS before MB', 'RSS after MB', 'peak RSS MB'], [[
      delivered, received, wallS.toFixed(2), cpuS === null ? 'n/a' : cpuS.toFixed(2), Math.round(rate), mb(memBefore, 'rss'), mb(memAfter, 'rss'), mb(memAfter, 'peak')
    ]])
    return {
      checks: [
        { name: 'deliveries journaled as delivered', value: delivered, target: `= ${expected}`, ok: delivered === expected },
        { name: 'requests the receiver got', value: received, target: `= ${expected}`, ok: received === expected },
        // #20's target (it was 1,000/s before).
        { name: 'deliveries/s', value: Math.round(rate), target: '≥ 5000', ok: rate >= 5000 }
      ],
      results: { delivered, received, wallS, cpuS, rate, memBefore, memAfter }
    }
  } finally {
    await server.stop()
    await new Promise((resolve) => receiver.close(resolve))
  }
}
