import { request } from 'node:http'
import { createServer } from 'node:net'

/**
 * One HTTP request on a fresh connection (no agent, no keep-alive), so a probe never reuses a socket of a
 * server that has since been replaced.
 * @returns {Promise<{status: number, headers: object, body: string}>}
 */
export function httpRequest (url, { method = 'GET', body, headers = {}, timeoutMs = 5000 } = {}) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, connection: 'close' }, agent: false, timeout: timeoutMs }, (res) => {
      const chunks = []
      res.on('data', (c) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }))
      res.on('error', reject)
    })
    req.on('timeout', () => req.destroy(new Error(`timed out after ${timeoutMs} ms: ${method} ${url}`)))
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

/** Polls until the URL answers 200 (connection refused and other statuses mean "not yet"). */
export async function waitFor200 (url, { timeoutMs = 20000, intervalMs = 1, isAlive = () => true } = {}) {
  const deadline = performance.now() + timeoutMs
  let last = 'no answer'
  while (performance.now() < deadline) {
    if (!isAlive()) throw new Error(`the server exited before ${url} answered 200 (last: ${last})`)
    try {
      const res = await httpRequest(url, { timeoutMs: 2000 })
      if (res.status === 200) return res
      last = `status ${res.status}: ${res.body.slice(0, 200)}`
    } catch (error) {
      last = error.code ?? error.message
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms (last: ${last})`)
}

/** A port free right now on 127.0.0.1, for servers whose start-up must not wait on printing their URL. */
export function freePort () {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

/**
 * A JSON call to unimock's API with a Bearer API key, for a case's set-up and control steps; any status of
 * 300 or more is an error. The long timeout covers a clock advance that runs a simulated day of work.
 */
export async function jsonCall (url, method, body, key) {
  const res = await httpRequest(url, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    timeoutMs: 600_000
  })
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${res.body.slice(0, 300)}`)
  return JSON.parse(res.body)
}
