import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { onCore } from './cores.js'

/**
 * Load generation. wrk (C, one thread) is the instrument: autocannon runs on Node and saturates its own
 * core near a bare Fastify server's speed, which would flatten the ratio the bench exists to show. It is
 * only a fallback when wrk is missing, and every result says which tool produced it.
 */

const AUTOCANNON = 'autocannon@8'

export function detectLoader (preferred) {
  const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' })
  const hasWrk = wrk.error === undefined
  if (preferred === 'autocannon' || (!hasWrk && preferred !== 'wrk')) {
    const why = preferred === 'autocannon'
      ? 'autocannon chosen with --loader autocannon'
      : 'wrk is not installed (Debian/Ubuntu: apt-get install -y wrk); falling back to autocannon via npx'
    return { name: 'autocannon', note: `${why}. autocannon runs on Node and saturates its core near bare Fastify's speed, so it understates the bare server and inflates the ratio` }
  }
  if (!hasWrk) throw new Error('--loader wrk was asked for but wrk is not installed (Debian/Ubuntu: apt-get install -y wrk)')
  const version = /wrk\s+(\S+)/.exec(`${wrk.stdout}${wrk.stderr}`)?.[1] ?? 'unknown version'
  return { name: 'wrk', note: `wrk ${version}` }
}

/**
 * @typedef {object} LoadSpec
 * @property {string} url
 * @property {string} [method]
 * @property {string} [body]
 * @property {Record<string,string>} [headers]
 * @property {number} duration seconds
 * @property {number} connections
 * @property {number|null} [cpu] core for the load generator
 *
 * @typedef {object} LoadResult
 * @property {string} tool
 * @property {number} requests
 * @property {number} seconds
 * @property {number} rps
 * @property {{p50: number, p90: number, p99: number, max: number}} latencyMs
 * @property {number} non2xx responses outside 2xx/3xx
 * @property {number} socketErrors connect, read, write errors and timeouts
 */

/** @param {{name: string}} loader @param {LoadSpec} spec @returns {Promise<LoadResult>} */
export function runLoad (loader, spec) {
  return loader.name === 'wrk' ? runWrk(spec) : runAutocannon(spec)
}

function luaString (text) {
  let eq = ''
  while (text.includes(`]${eq}]`)) eq += '='
  return `[${eq}[${text}]${eq}]`
}

/** wrk's own summary is in rounded human units; a done() hook prints exact figures as one JSON line. */
function wrkScript ({ method = 'GET', body, headers = {} }) {
  const lines = [`wrk.method = ${luaString(method)}`]
  if (body !== undefined) lines.push(`wrk.body = ${luaString(body)}`)
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers[ ${luaString(k)} ] = ${luaString(v)}`)
  lines.push(`
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_RESULT {"requests":%d,"duration_us":%d,"non2xx":%d,"socket_errors":%d,"p50":%d,"p90":%d,"p99":%d,"max":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
`)
  return lines.join('\n')
}

function run (command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.setEncoding('utf8').on('data', (d) => { out += d })
    child.stderr.setEncoding('utf8').on('data', (d) => { err += d })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve({ out, err }) : reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${err || out}`))))
  })
}

async function runWrk ({ url, method, body, headers, duration, connections, cpu = null }) {
  const dir = mkdtempSync(join(tmpdir(), 'unimock-bench-'))
  const script = join(dir, 'request.lua')
  writeFileSync(script, wrkScript({ method, body, headers }))
  try {
    const pinned = onCore(cpu, 'wrk', ['-t1', `-c${connections}`, `-d${duration}s`, '--timeout', '5s', '-s', script, url])
    const { out, err } = await run(pinned.command, pinned.args)
    // A Lua error does not stop wrk: it runs without the script, so a missing line means a broken script.
    const line = /BENCH_RESULT (\{.*\})/.exec(out)?.[1]
    if (line === undefined) throw new Error(`wrk printed no result line:\n${err}${out}`)
    const r = JSON.parse(line)
    const seconds = r.duration_us / 1e6
    return {
      tool: 'wrk',
      requests: r.requests,
      seconds,
      rps: r.requests / seconds,
      latencyMs: { p50: r.p50 / 1000, p90: r.p90 / 1000, p99: r.p99 / 1000, max: r.max / 1000 },
      non2xx: r.non2xx,
      socketErrors: r.socket_errors
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function runAutocannon ({ url, method = 'GET', body, headers = {}, duration, connections, cpu = null }) {
  const args = ['--yes', AUTOCANNON, '--json', '-c', String(connections), '-d', String(duration), '-m', method]
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`)
  if (body !== undefined) args.push('-b', body)
  args.push(url)
  const pinned = onCore(cpu, 'npx', args)
  const { out } = await run(pinned.command, pinned.args)
  const r = JSON.parse(out.slice(out.indexOf('{')))
  return {
    tool: 'autocannon',
    requests: r.requests.total,
    seconds: r.duration,
    rps: r.requests.total / r.duration,
    latencyMs: { p50: r.latency.p50, p90: r.latency.p90, p99: r.latency.p99, max: r.latency.max },
    non2xx: r.non2xx,
    socketErrors: r.errors + r.timeouts
  }
}
