// Captures docs/images/dashboard.png, the README's picture of the dashboard: a virtual-clock unimock with a few
// linked accounts a day into their syncs (one failing, one needing a relink), the dashboard open on their key in
// Debian's Chromium (CHROMIUM_PATH for another binary). Run after `npm run build`; the PNG is committed.
import { chromium } from 'playwright-core'

const root = new URL('../', import.meta.url)
const { startUnimock } = await import(new URL('dist/src/index.js', root).href)
const KEY = 'test_demo'

const server = await startUnimock({ logLevel: 'silent' })
const call = async (method, path, body) => {
  const res = await fetch(`${server.url}/_unimock${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return await res.json()
}

/** The link flow as a backend and its end user run it: the organisation's name shows in the table. */
const link = async (category, origin, organization, integration) => {
  const headers = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' }
  const post = async (path, body) => await (await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })).json()
  const { link_token: linkToken } = await post(`/api/${category}/v1/link-token`, { end_user_origin_id: origin, end_user_organization_name: organization, end_user_email_address: `it@${origin}.test` })
  const { public_token: publicToken } = await post(`/_unimock/link-tokens/${linkToken}/complete`, { integration })
  return await post('/api/mktg/v1/create-link-token', { public_token: publicToken })
}

const accounts = []
for (const [category, origin, organization, integration] of [['hris', 'acme-hr', 'Acme Corp', 'bamboohr'], ['crm', 'acme-crm', 'Acme Corp', 'hubspot'], ['ats', 'globex-ats', 'Globex', 'greenhouse'], ['ticketing', 'initech-tickets', 'Initech', 'jira']]) {
  accounts.push(await link(category, origin, organization, integration))
}
await call('POST', '/clock/advance', { by: '6h' })
await call('PUT', `/linked-accounts/${accounts[1].id}/next-sync`, { model_id: 'crm.Contact', result: 'FAILED' })
await call('POST', `/linked-accounts/${accounts[1].id}/sync-now`, {})
await call('POST', `/linked-accounts/${accounts[3].id}/relink-needed`)
await call('POST', '/clock/advance', { by: '2d' })

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 760 }, colorScheme: 'light' })
  await page.goto(`${server.url}/_unimock/ui`)
  await page.getByLabel('API key').fill(KEY)
  await page.getByRole('button', { name: 'Open' }).click()
  await page.getByText('live', { exact: true }).waitFor()
  await page.getByText('acme-crm').first().waitFor()
  await page.getByRole('button', { name: 'Details of acme-crm' }).click()
  await page.getByRole('button', { name: 'Sync now' }).waitFor()
  await page.screenshot({ path: new URL('docs/images/dashboard.png', root).pathname })
} finally {
  await browser.close()
  await server.close()
}
