import { createWriteStream, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { jsonCall as call, waitFor200 } from './lib/http.js'
import { startServer } from './lib/processes.js'
import { unimockArgs } from './lib/unimock.js'

export const description = 'downloads: MB/s of file downloads (200 MB) against fs.createReadStream piped to a bare HTTP server, and peak RSS'

/** Total megabytes to download from each server (UNIMOCK_BENCH_DOWNLOAD_MB for a quick check). */
const TOTAL_MB = Number(process.env.UNIMOCK_BENCH_DOWNLOAD_MB ?? 200)

/** A bare HTTP server streaming one file from disk: the floor a download cannot beat. */
const BARE = `
const http = require('node:http'); const fs = require('node:fs')
const file = process.argv[1]; const size = fs.statSync(file).size
http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': size })
  fs.createReadStream(file).pipe(res)
}).listen(0, '127.0.0.1', function () { console.log('listening on http://127.0.0.1:' + this.address().port) })
`

function peakRssMb (pid) {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024
  } catch {
    return NaN
  }
}

/** Downloads a URL, counting bytes without keeping them; answers the byte count. */
async function drain (url, headers = {}) {
  const res = await fetch(url, { headers })
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}`)
  let bytes = 0
  for await (const chunk of res.body) bytes += chunk.length
  return bytes
}

/**
 * unimock's generated files are at most 25 MB, so its side downloads files in turn until TOTAL_MB have
 * streamed; the bare side streams one TOTAL_MB file from disk. Throughput is bytes over wall time of the
 * downloads alone; peak RSS is the server's VmHWM at the end (its start-up included).
 */
export async function run (ctx) {
  const bytesWanted = TOTAL_MB * 1024 * 1024
  const path = join(tmpdir(), `unimock-bench-download-${process.pid}.bin`)
  await new Promise((resolve, reject) => {
    const out = createWriteStream(path)
    const chunk = Buffer.alloc(1024 * 1024, 7)
    for (let i = 0; i < TOTAL_MB; i++) out.write(chunk)
    out.end(resolve)
    out.on('error', reject)
  })
  const bare = await startServer({ name: 'bare', args: ['-e', BARE, path], cpu: ctx.cores.server })
  const unimock = await startServer({ name: 'unimock', args: unimockArgs({ extra: ['--rate-limit', 'off', '--data-volume', 'filestorage.files=400'] }), cpu: ctx.cores.server })
  try {
    await waitFor200(unimock.url + '/_unimock/health', { isAlive: unimock.isAlive })
    const key = 'test_bench'
    const account = await call(`${unimock.url}/_unimock/linked-accounts`, 'POST', { category: 'filestorage', end_user_origin_id: 'bench-downloads' }, key)
    await call(`${unimock.url}/_unimock/linked-accounts/${account.id}/data/sync-pass`, 'POST', {}, key)
    const headers = { authorization: `Bearer ${key}`, 'x-account-token': account.account_token }
    const files = []
    let planned = 0
    for (let cursor = null; planned < bytesWanted;) {
      const page = await (await fetch(`${unimock.url}/api/filestorage/v1/files?page_size=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, { headers })).json()
      for (const f of page.results) if (typeof f.size === 'number' && planned < bytesWanted) { files.push(f.id); planned += f.size }
      if (page.next === null) break
      cursor = page.next
    }
    const rssBefore = peakRssMb(unimock.pid)

    let started = performance.now()
    const bareBytes = await drain(bare.url)
    const bareS = (performance.now() - started) / 1000
    started = performance.now()
    let ours = 0
    for (const id of files) ours += await drain(`${unimock.url}/api/filestorage/v1/files/${id}/download`, headers)
    const oursS = (performance.now() - started) / 1000

    const mbps = (bytes, s) => bytes / 1024 / 1024 / s
    const peak = peakRssMb(unimock.pid)
    const ratio = mbps(ours, oursS) / mbps(bareBytes, bareS)
    ctx.printTable(['server', 'MB', 'files', 'seconds', 'MB/s', 'peak RSS MB'], [
      ['bare createReadStream', (bareBytes / 1048576).toFixed(0), 1, bareS.toFixed(2), mbps(bareBytes, bareS).toFixed(0), peakRssMb(bare.pid).toFixed(0)],
      ['unimock', (ours / 1048576).toFixed(0), files.length, oursS.toFixed(2), mbps(ours, oursS).toFixed(0), peak.toFixed(0)]
    ])
    return {
      checks: [
        { name: 'bytes downloaded', value: ours, target: `≥ ${bytesWanted}`, ok: ours >= bytesWanted },
        { name: 'peak RSS growth MB while downloading', value: Math.round(peak - rssBefore), target: '< 64', ok: peak - rssBefore < 64 },
        { name: 'throughput vs bare', value: ratio.toFixed(2), target: '≥ 0.5', ok: ratio >= 0.5 }
      ],
      results: { bareBytes, bareS, ours, oursS, files: files.length, rssBefore, peak, ratio }
    }
  } finally {
    await unimock.stop()
    await bare.stop()
    rmSync(path, { force: true })
  }
}
