import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { onCore } from './cores.js'

const TAIL = 4000

/**
 * A server under test as a child process, pinned to a core. Its stdout is read until a line announces the
 * URL (`... listening on http://HOST:PORT`); both streams are drained for the whole run so a chatty
 * server never blocks on a full pipe, and the tail of stderr explains a failed start.
 */
export async function startServer ({ name, command = process.execPath, args = [], env = {}, cpu = null, readyPattern = /listening on (https?:\/\/\S+)/, timeoutMs = 30000 }) {
  const pinned = onCore(cpu, command, args)
  const child = spawn(pinned.command, pinned.args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
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
