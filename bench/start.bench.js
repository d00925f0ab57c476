import { fileURLToPath } from 'node:url'
import { compareColdStarts } from './lib/cold-start.js'
import { ratio, median, min, max } from './lib/stats.js'
import { formatNumber } from './lib/table.js'
import { indexOfBuild, unimockArgs } from './lib/unimock.js'

export const description = 'start-up: spawn → first 200 vs bare Fastify (every category registered); startUnimock() warm in-process; /openapi.json size and build time'

const BARE_SERVER = fileURLToPath(new URL('./bare-server.js', import.meta.url))
const PROBE = '/v3/plant/1'
/** #49: the cold start within a tenth of bare Fastify's, startUnimock() warm under 40 ms. */
const TARGET_COLD_START = 1.1
const TARGET_WARM_MS = 40
const WARM_RUNS = 9

function range (list, digits = 1) {
  return `${formatNumber(min(list), digits)}-${formatNumber(max(list), digits)}`
}

/**
 * Three figures of #40's start-up target. The cold start is the plant bench's (spawn → first 200, interleaved
 * with bare Fastify, the median's ratio). The warm start is what a test suite pays per server once the module
 * cache holds the code: startUnimock() to a listening server, after a first one in this process. The OpenAPI
 * document is built on its first request: its first GET on a fresh warm server, then a second (served built).
 */
export async function run (ctx) {
  const cpu = ctx.cores.server
  const { coldRuns } = ctx.options
  ctx.log(`cold start: spawn → first 200 on ${PROBE}, ${coldRuns} runs each, interleaved...`)
  const cold = await compareColdStarts({
    bare: { args: (port) => [BARE_SERVER, '--port', String(port)], cpu, probePath: PROBE },
    unimock: { args: (port) => unimockArgs({ port }), cpu, probePath: PROBE }
  }, coldRuns)
  const coldRatio = ratio(cold.unimock.median, cold.bare.median)
  const perRun = cold.unimock.runs.map((u, i) => u / cold.bare.runs[i])
  ctx.printTable(['server', 'median ms', 'range ms', 'CPU ms (median)', 'ratio ms', 'ratio range (per pair)'], [
    ['bare fastify', formatNumber(cold.bare.median, 1), range(cold.bare.runs), formatNumber(cold.bare.cpuMedian, 0), '', ''],
    ['unimock', formatNumber(cold.unimock.median, 1), range(cold.unimock.runs), formatNumber(cold.unimock.cpuMedian, 0), `${formatNumber(coldRatio, 2)}×`, `${range(perRun, 2)}×`]
  ])

  const { startUnimock } = await import(indexOfBuild())
  const warm = []
  const warmCpu = []
  const docMs = []
  const docAgainMs = []
  let docBytes = 0
  let firstMs = 0
  for (let i = 0; i <= WARM_RUNS; i++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const unimock = await startUnimock({ rateLimit: 'off' })
    const ms = performance.now() - started
    const used = process.cpuUsage(cpu)
    try {
      if (i === 0) { firstMs = ms; continue }
      warm.push(ms)
      warmCpu.push((used.user + used.system) / 1000)
      for (const list of [docMs, docAgainMs]) {
        const t = performance.now()
        const res = await fetch(`${unimock.url}/openapi.json`)
        const body = await res.text()
        list.push(performance.now() - t)
        if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`)
        docBytes = Buffer.byteLength(body)
      }
    } finally {
      await unimock.close()
    }
  }
  ctx.printTable(['measure', 'median ms', `range ms (${WARM_RUNS} runs)`], [
    ['startUnimock(), first in the process', formatNumber(firstMs, 1), ''],
    ['startUnimock(), warm', formatNumber(median(warm), 1), range(warm)],
    ['startUnimock(), warm: CPU of the process', formatNumber(median(warmCpu), 1), range(warmCpu)],
    [`GET /openapi.json, first (${formatNumber(docBytes / 1024, 0)} KiB)`, formatNumber(median(docMs), 1), range(docMs)],
    ['GET /openapi.json, again', formatNumber(median(docAgainMs), 1), range(docAgainMs)]
  ])
  return {
    checks: [
      { name: 'cold start unimock/bare', value: formatNumber(coldRatio, 2), target: `≤ ${TARGET_COLD_START}`, ok: coldRatio <= TARGET_COLD_START },
      { name: 'startUnimock() warm, median (ms)', value: formatNumber(median(warm), 1), target: `< ${TARGET_WARM_MS}`, ok: median(warm) < TARGET_WARM_MS }
    ],
    results: { coldStart: cold, coldStartRatio: coldRatio, warmMs: warm, warmCpuMs: warmCpu, firstMs, openapi: { bytes: docBytes, firstMs: docMs, againMs: docAgainMs } }
  }
}
