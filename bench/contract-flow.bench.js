import { indexOfBuild } from './lib/unimock.js'

export const description = 'a contract test\'s whole flow in-process with startUnimock: start, link through the documented flow, advance a day, read every employee page, stop (100 employees)'

const RUNS = 7
const EMPLOYEES = 100
const KEY = 'test_contract'

async function call (url, method, body, headers = {}) {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`)
  return JSON.parse(text)
}

/**
 * What a typical integrator's contract test does against unimock, end to end, over real HTTP on loopback:
 * startUnimock (in-memory database, virtual clock), a link token, the end user's completion (the control
 * API's stand-in for the widget), the public token exchanged for the account token, one simulated day (the
 * initial sync and the day's syncs), every page of employees read once (no cache hit), and close. Each run is
 * a fresh server in this process; the first also pays for loading the code.
 */
export async function run (ctx) {
  const { startUnimock } = await import(indexOfBuild())
  const times = []
  const cpuTimes = []
  let read = 0
  for (let i = 0; i < RUNS; i++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const unimock = await startUnimock({ dataVolume: [`employees=${EMPLOYEES}`], rateLimit: 'off' })
    try {
      const { url } = unimock
      const { link_token: linkToken } = await call(`${url}/api/hris/v1/link-token`, 'POST', {
        end_user_origin_id: 'contract-1', end_user_organization_name: 'Acme', end_user_email_address: 'it@acme.example', categories: ['hris']
      })
      const { public_token: publicToken } = await call(`${url}/_unimock/link-tokens/${linkToken}/complete`, 'POST', {})
      const { account_token: accountToken } = await call(`${url}/api/hris/v1/account-token/${publicToken}`, 'GET')
      await call(`${url}/_unimock/clock/advance`, 'POST', { by: '24h' })
      read = 0
      let cursor = null
      do {
        const page = await call(`${url}/api/hris/v1/employees?page_size=100${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, 'GET', undefined, { 'x-account-token': accountToken })
        read += page.results.length
        cursor = page.next
      } while (cursor !== null)
    } finally {
      await unimock.close()
    }
    times.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuTimes.push((used.user + used.system) / 1000)
  }
  if (read !== EMPLOYEES) throw new Error(`read ${read} employees, expected ${EMPLOYEES}`)
  const later = times.slice(1).sort((a, b) => a - b)
  const median = later[Math.floor(later.length / 2)]
  // The CPU the process used over a run: a busy machine stretches the wall time, hardly this.
  const laterCpu = cpuTimes.slice(1).sort((a, b) => a - b)
  const cpuMedian = laterCpu[Math.floor(laterCpu.length / 2)]
  ctx.printTable(['employees', 'first run ms', 'median of later runs ms', 'range of later runs ms', 'CPU ms (median, range)'], [[EMPLOYEES, times[0].toFixed(0), median.toFixed(0), `${later[0].toFixed(0)}-${later.at(-1).toFixed(0)}`, `${cpuMedian.toFixed(0)} (${laterCpu[0].toFixed(0)}-${laterCpu.at(-1).toFixed(0)})`]])
  return {
    checks: [{ name: 'contract flow, median wall (ms)', value: Math.round(median), target: '< 150', ok: median < 150 }],
    results: { employees: EMPLOYEES, times, cpuTimes }
  }
}
