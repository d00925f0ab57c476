import t from 'tap'
import { SystemClock } from '../../src/core/clock.js'
import { RunRecord } from '../../src/conform/run-record.js'
import { fail, pass } from '../../src/conform/verdict.js'
import { KEY, launchChromium, openDashboard, screenshots } from './browser.js'

// The dashboard's Conformance view in headless Chromium: a failed page check shows its evidence and the
// screenshot the kit took, read with the key like every call of the page.

const browser = await launchChromium()
// A 2×2 PNG, so the test can tell the image was decoded, not just placed.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4r6QHRAwQCgAh9gR9HANaHgAAAABJRU5ErkJggg==', 'base64')

t.test('a failed page check shows its screenshot under its evidence; a click opens it full size', async (t) => {
  const d = await openDashboard(t, browser)
  const record = new RunRecord(d.unimock.app, KEY, new SystemClock())
  const wording = { id: 'page.business-wording', rule: 'Client-side 1: the service\'s name is never shown' }
  const ready = { id: 'page.opens-when-ready', rule: 'Client-side 3' }
  record.begin()
  record.start([wording, ready])
  record.conclude(wording, { ...fail('the page says "Merge"', { expected: 'none of the service\'s words', got: '"Merge" in a button', screenshot: 'reports/page.business-wording.png' }), shot: PNG })
  record.conclude(ready, pass('opened once ready'))
  record.finish(1, undefined)

  await d.page.getByRole('button', { name: 'Conformance' }).click()
  await d.page.getByRole('button', { name: 'page.opens-when-ready' }).click()
  await d.page.getByTestId('check-requests').waitFor()
  t.equal(await d.page.getByTestId('check-screenshot').count(), 0, 'a passed check has no screenshot')

  await d.page.getByRole('button', { name: 'page.business-wording' }).click()
  const section = d.page.getByTestId('check-requests')
  await section.getByText('screenshot: reports/page.business-wording.png').waitFor()
  const img = section.getByRole('img', { name: /page\.business-wording/ })
  await img.waitFor()
  // The page's code is a string: the tests' type-check has no DOM.
  const shown = 'document.querySelector("[data-testid=check-screenshot] img")'
  await d.page.waitForFunction(`${shown}?.complete === true`)
  t.same(await d.page.evaluate(`[${shown}.naturalWidth, ${shown}.naturalHeight]`), [2, 2], 'the PNG, decoded')
  t.match(await img.getAttribute('src'), /^blob:/, 'from the bytes the page read with its key')
  await screenshots(d.page, 'conformance-screenshot')

  const [opened] = await Promise.all([d.page.context().waitForEvent('page'), section.getByRole('link', { name: /page\.business-wording/ }).click()])
  await opened.waitForLoadState()
  t.match(opened.url(), /^blob:/, 'a click opens the image itself, full size')
  await opened.close()

  t.same(d.offsite, [], 'the page loaded nothing from off the machine')
  t.same(d.errors, [], 'and threw nothing')
})
