import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { onCore } from './cores.js'
import { freePort, waitFor200 } from './http.js'
import { cpuSecondsOf, track } from './processes.js'
import { median, min, max } from './stats.js'

/**
 * Cold start = from spawning the process to the first 200 on probePath, as a client sees it: the server's
 * own "ready" line is not trusted. The port is chosen beforehand so the probe can start knocking at once.
 *
 * @param {{command?: string, args: (port: number) => string[], env?: object, cpu?: number|null, probePath: string}} spec
 * Also returns the CPU the process had used by then: unlike the wall time, it barely moves when other work
 * competes for the core (null without /proc).
 * @returns {Promise<{ms: number, cpuMs: number|null}>}
 */
export async function coldStartOnce ({ command = process.execPath, args, env = {}, cpu = null, probePath, timeoutMs = 30000 }) {
  const port = await freePort()
  const pinned = onCore(cpu, command, args(port))
  const started = performance.now()
  const child = track(spawn(pinned.command, pinned.args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] }))
  let stderr = ''
  let exited = false
  child.stderr.setEncoding('utf8').on('data', (d) => { stderr = (stderr + d).slice(-4000) })
  const exit = once(child, 'exit').then(() => { exited = true })
  try {
    await waitFor200(`http://127.0.0.1:${port}${probePath}`, { timeoutMs, intervalMs: 1, isAlive: () => !exited })
    const ms = performance.now() - started
    const cpu = cpuSecondsOf(child.pid)
    return { ms, cpuMs: cpu === null ? null : cpu * 1000 }
  } catch (error) {
    throw new Error(`${error.message}\n${stderr}`)
  } finally {
    if (!exited) child.kill('SIGKILL')
    await exit
  }
}

/**
 * Runs several cold starts of each contender, interleaved (a, b, a, b, ...) so a burst of other work on the
 * machine hurts both alike.
 * @returns {Promise<Record<string, {runs: number[], median: number, min: number, max: number, cpuMedian: number}>>}
 */
export async function compareColdStarts (contenders, runs) {
  const results = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]))
  for (let i = 0; i < runs; i++) {
    for (const [name, spec] of Object.entries(contenders)) results[name].push(await coldStartOnce(spec))
  }
  return Object.fromEntries(Object.entries(results).map(([name, list]) => {
    const t = list.map((r) => r.ms)
    const cpu = list.map((r) => r.cpuMs).filter((c) => c !== null)
    return [name, { runs: t, median: median(t), min: min(t), max: max(t), cpuRuns: cpu, cpuMedian: median(cpu) }]
  }))
}
