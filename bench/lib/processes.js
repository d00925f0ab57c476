import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { onCore } from './cores.js'

const TICKS_PER_SECOND = 100
const live = new Set()

/** Child processes started through this module still running, so an interrupted bench can end them. */
export function track (child) {
  live.add(child)
  child.once('exit', () => live.delete(child))
  return child
}

/** Ends every tracked child (SIGKILL: the bench is being interrupted and waits for nothing). */
export function killAll () {
  for (const child of live) child.kill('SIGKILL')
} // USER_HZ, 100 on every Linux architecture the bench runs on

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc; null where there is no
 * /proc. Dividing the CPU a server burnt by the requests it answered gives a cost per request that, unlike
 * req/s, barely moves when other work competes for the core.
 */
export function cpuSecondsOf (pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15 of the line.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
  } catch {
    return null
  }
}

const TAIL = 4000

/**
 * A server under test as a child process, pinned to a core. Its stdout is read until a line announces the
 * URL (`... listening on http://HOST:PORT`); both streams are drained for the whole run so a chatty
 * server never blocks on a full pipe, and the tail of stderr explains a failed start.
 */
export async function startServer ({ name, command = process.execPath, args = [], env = {}, cpu = null, readyPattern = /listening on (https?:\/\/\S+)/, timeoutMs = 30000 }) {
  const pinned = onCore(cpu, command, args)
  const child = track(spawn(pinned.command, pinned.args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }))
  let stdout = ''
  let stderr = ''
  let exited = false
  child.stdout.setEncoding('utf8').on('data', (d) => { stdout = (stdout + d).slice(-TAIL) })
  child.stderr.setEncoding('utf8').on('data', (d) => { stderr = (stderr + d).slice(-TAIL) })
  const exit = once(child, 'exit').then(([code, signal]) => { exited = true; return { code, signal } })

  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => { finish(new Error(`${name} printed no URL within ${timeoutMs} ms`)) }, timeoutMs)
    const onData = () => {
      const match = readyPattern.exec(stdout)
      if (match !== null) finish(null, match[1].replace(/\/$/, ''))
    }
    const onExit = ({ code, signal }) => finish(new Error(`${name} exited (code ${code}, signal ${signal}) before it was ready:\n${stderr || stdout}`))
    function finish (error, value) {
      clearTimeout(timer)
      child.stdout.off('data', onData)
      if (error !== null) { child.kill('SIGKILL'); reject(error) } else resolve(value)
    }
    child.stdout.on('data', onData)
    child.once('error', (error) => finish(new Error(`${name} could not be started (${pinned.command}): ${error.message}`)))
    exit.then(onExit)
  })

  return {
    name,
    url,
    pid: child.pid,
    isAlive: () => !exited,
    stderrTail: () => stderr,
    /** CPU seconds used so far (see cpuSecondsOf), null when unknown. */
    cpuSeconds: () => cpuSecondsOf(child.pid),
    /** SIGTERM, then SIGKILL if it has not exited within graceMs. */
    async stop (graceMs = 5000) {
      if (exited) return exit
      child.kill('SIGTERM')
      const timer = setTimeout(() => { if (!exited) child.kill('SIGKILL') }, graceMs)
      const result = await exit
      clearTimeout(timer)
      return result
    }
  }
}
