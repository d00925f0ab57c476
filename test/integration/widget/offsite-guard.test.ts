import t from 'tap'
import { isolatedContext, launchChromium, startLocalServer } from './browser.js'

// The guard every browser test relies on to prove nothing leaves the machine: it must catch what does.
const browser = await launchChromium(t)

t.test('a page that loads from off the machine is caught: each such request fails and is recorded', async (t) => {
  const url = await startLocalServer(t, (_req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end('<!doctype html><img alt="" src="https://cdn.example.com/logo.png"><script src="http://scripts.example/x.js"></script>')
  })
  const { context, offsite } = await isolatedContext(t, browser)
  const page = await context.newPage()
  await page.goto(url, { waitUntil: 'load' })
  t.same(offsite.sort(), ['http://scripts.example/x.js', 'https://cdn.example.com/logo.png'])
  t.equal(await page.evaluate(() => (globalThis as unknown as { document: { images: Array<{ naturalWidth: number }> } }).document.images[0]!.naturalWidth), 0, 'and nothing arrived')
})
