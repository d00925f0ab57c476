import t from 'tap'
import { launchChromium, startLocalServer, testPage } from './browser.js'

// The guard every browser test relies on to prove nothing leaves the machine: it must catch what does.
const browser = await launchChromium()

t.test('a page that loads from off the machine is caught: each such request fails and is recorded', async (t) => {
  const url = await startLocalServer(t, (_req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end('<!doctype html><img alt="" src="https://cdn.example.com/logo.png"><script src="http://scripts.example/x.js"></script>')
  })
  const { page, offsite } = await testPage(t, browser)
  await page.goto(url, { waitUntil: 'load' })
  t.same(offsite.sort(), ['http://scripts.example/x.js', 'https://cdn.example.com/logo.png'])
  t.equal(await page.evaluate(() => (globalThis as unknown as { document: { images: Array<{ naturalWidth: number }> } }).document.images[0]!.naturalWidth), 0, 'and nothing arrived')
})

// Tabs are lent again from test to test (opening one costs Chromium about a second): nothing of a test may
// reach the next one through its tab.
t.test('a tab lent again carries nothing of the test before it: routes, listeners, storage, cookies, media', async (t) => {
  const url = await startLocalServer(t, (req, res) => {
    res.setHeader('content-type', 'text/html')
    res.end(req.url === '/answer' ? 'from the server' : '<!doctype html><title>site</title>')
  })
  let first: unknown
  const heard: string[] = []
  await t.test('a test leaves state behind', async (t) => {
    const { page } = await testPage(t, browser)
    first = page
    await page.route(`${url}/answer`, (route) => route.fulfill({ body: 'from the route' }))
    page.on('request', (request) => { heard.push(request.url()) })
    await page.goto(url)
    await page.evaluate(() => {
      const g = globalThis as any
      g.localStorage.setItem('left', 'behind')
      g.sessionStorage.setItem('left', 'behind')
      g.document.cookie = 'left=behind'
    })
    await page.emulateMedia({ colorScheme: 'dark' })
    t.equal(await page.evaluate(async (u) => (await fetch(u)).text(), `${url}/answer`), 'from the route', 'the page\'s fetch took the route')
  })
  await t.test('the next test gets the same tab, blank', async (t) => {
    const { page } = await testPage(t, browser)
    t.equal(page, first, 'the tab was lent again')
    t.equal(page.url(), 'about:blank')
    heard.length = 0
    await page.goto(url)
    t.same(heard, [], 'the earlier test\'s listener is gone')
    t.same(await page.evaluate(() => {
      const g = globalThis as any
      return [g.localStorage.length, g.sessionStorage.length, g.document.cookie, g.matchMedia('(prefers-color-scheme: dark)').matches]
    }), [0, 0, '', false], 'no storage, cookie or colour scheme left')
    t.equal(await page.evaluate(async (u) => (await fetch(u)).text(), `${url}/answer`), 'from the server', 'no route left')
  })
})
