#!/usr/bin/env node
import { buildApp } from './app.js'
import { PAGE_VARIANTS, setBroken, VARIANTS } from './broken.js'

/**
 * The reference integrator: `node examples/reference-integrator/server.js`, configured by the environment
 * (the variables `unimock conform --app-command` sets, and a few of its own). See README.md.
 */
function required (name) {
  const value = process.env[name]
  if (value === undefined || value === '') {
    process.stderr.write(`${name} is not set (see examples/reference-integrator/README.md)\n`)
    process.exit(1)
  }
  return value
}

function number (name, fallback) {
  const value = process.env[name]
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) {
    process.stderr.write(`${name}=${value} is not a number of milliseconds\n`)
    process.exit(1)
  }
  return n
}

/**
 * Which of the correct webhook designs this backend follows (none is a mistake): verify-first (refuse a bad
 * signature with 401, the default), verify-later (answer 200 at once, verify in the background and drop what
 * fails), ignore (fetch only by polling: every delivery is answered and left alone).
 */
function webhookDesign (value) {
  const designs = ['verify-first', 'verify-later', 'ignore']
  if (value === undefined || value === '') return 'verify-first'
  if (!designs.includes(value)) {
    process.stderr.write(`WEBHOOKS=${value} is not a design; one of: ${designs.join(', ')}\n`)
    process.exit(1)
  }
  return value
}

const config = {
  unimockUrl: required('UNIMOCK_URL'),
  apiKey: required('UNIMOCK_API_KEY'),
  webhookKey: required('UNIMOCK_WEBHOOK_KEY'),
  port: number('PORT', 3100),
  host: process.env.HOST || '127.0.0.1',
  dbPath: process.env.DB_PATH || ':memory:',
  timeoutMs: number('SERVICE_TIMEOUT_MS', 5000),
  pollIntervalMs: number('POLL_INTERVAL_MS', 600_000),
  webhooks: webhookDesign(process.env.WEBHOOKS)
}

try {
  setBroken(process.env.REFERENCE_BROKEN)
} catch (error) {
  process.stderr.write(`${error.message}\n`)
  process.exit(1)
}

const quiet = process.env.LOG_LEVEL === 'silent'
const log = (line) => { if (!quiet) process.stderr.write(`[reference] ${line}\n`) }

const app = buildApp(config, log)
await app.listen({ port: config.port, host: config.host })
const broken = process.env.REFERENCE_BROKEN
process.stdout.write(`reference integrator listening on http://${config.host}:${app.server.address().port}` +
  (broken ? ` (broken on purpose: ${broken}, ${VARIANTS[broken] ?? PAGE_VARIANTS[broken]})` : '') + '\n')

let polling = Promise.resolve()
const timer = config.pollIntervalMs > 0
  ? setInterval(() => { polling = polling.then(() => app.pollAll()) }, config.pollIntervalMs)
  : undefined

async function stop () {
  clearInterval(timer)
  await app.close()
  process.exit(0)
}
process.once('SIGTERM', stop)
process.once('SIGINT', stop)
