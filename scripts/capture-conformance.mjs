// Captures docs/images/conformance-page-failure.png, the picture in docs/conformance.md of the dashboard's
// Conformance view with a page check failed: the kit run with --app-page against the reference integrator's
// page broken on purpose (REFERENCE_BROKEN=page-service-name: its button says "Connect with Merge"), the
// kit's own unimock held open once the verdicts are in, its dashboard opened on the failed check in Debian's
// Chromium (CHROMIUM_PATH for another binary). Run after `npm run build`; the PNG is committed.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

const root = new URL('../', import.meta.url)
const dist = (path) => import(new URL(`dist/src/${path}`, root).href)
const { conform } = await dist('conform/conform.js')
const { CHECKS } = await dist('conform/check-table.js')
const { World } = await dist('conform/world.js')
const CHECK = 'page.business-wording'
const KEY = 'conform_docs_key'

const freePort = async () => {
  const server = createServer()
  await new Promise((resolve) => { server.listen(0, '127.0.0.1', resolve) })
  const { port } = server.address()
  await new Promise((resolve) => { server.close(resolve) })
  return port
}

// The kit closes its unimock as the run ends: hold the close until the picture is taken.
let release
const held = new Promise((resolve) => { release = resolve })
let reached
const ended = new Promise((resolve) => { reached = resolve })
const close = World.prototype.close
World.prototype.close = async function () {
  reached(this)
  await held
  return await close.call(this)
}

// The screenshot's file as a run with --junit reports/conform.xml names it, in a scratch folder.
const scratch = mkdtempSync(join(tmpdir(), 'unimock-capture-'))
process.chdir(scratch)
const appUrl = `http://127.0.0.1:${await freePort()}`
const reference = fileURLToPath(new URL('examples/reference-integrator/server.js', root))
const running = conform({
  appUrl,
  appPrefix: '/api/integrations',
  appHeaders: ['X-Demo-User: alice'],
  appHeaders2: ['X-Demo-User: bob'],
  appCommand: `REFERENCE_BROKEN=page-service-name '${process.execPath}' '${reference}'`,
  appPage: `${appUrl}/`,
  pageLogin: 'cookie:demo_user=carol',
  pageShots: 'reports',
  apiKey: KEY,
  only: CHECKS.map((c) => c.id).filter((id) => id.startsWith('page.')),
  print: () => {}
})
const world = await Promise.race([ended, running.then((r) => { throw new Error(`the kit ended without its unimock: ${r.error ?? r.status}`) })])

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, colorScheme: 'light' })
  await page.goto(`${world.url}/_unimock/ui`)
  await page.getByLabel('API key').fill(KEY)
  await page.getByRole('button', { name: 'Open' }).click()
  await page.getByRole('button', { name: 'Conformance' }).click()
  await page.getByRole('button', { name: CHECK }).click()
  const shot = page.getByTestId('check-screenshot').locator('img')
  await shot.waitFor()
  await page.waitForFunction('document.querySelector("[data-testid=check-screenshot] img")?.complete === true')
  // From the opened check's heading to its screenshot: the evidence, the file's name and the image (measured
  // from the top, where the page's coordinates and the viewport's are the same).
  await page.evaluate('window.scrollTo(0, 0)')
  const from = await page.getByTestId('check-requests').boundingBox()
  const to = await page.getByTestId('check-screenshot').boundingBox()
  await page.screenshot({ path: new URL('docs/images/conformance-page-failure.png', root).pathname, fullPage: true, clip: { x: 0, y: from.y - 12, width: 1200, height: to.y + to.height - from.y + 24 } })
} finally {
  await browser.close()
  release()
  const result = await running
  rmSync(scratch, { recursive: true, force: true })
  if (!result.verdicts.some((v) => v.id === CHECK && v.outcome === 'fail')) console.error(`capture-conformance: ${CHECK} did not fail: ${result.verdicts.map((v) => `${v.outcome} ${v.id}`).join(', ')}`)
}
