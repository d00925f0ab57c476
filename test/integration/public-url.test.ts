import t from 'tap'
import { dataAccount, dataApp } from './data/helpers.js'

/**
 * Absolute URLs in answers (issue #19): --public-url names them whatever Host a request sends; without it
 * they follow the Host the client used, but only a valid host is ever written back.
 */

const urlsSeen = async (app: Awaited<ReturnType<typeof dataApp>>['app'], host: string): Promise<string[]> => {
  const headers = { authorization: 'Bearer test-key', host }
  const hris = await dataAccount(app, 'hris', 'test-key', { sync: false })
  const details = await app.inject({ method: 'GET', url: '/api/hris/v1/account-details', headers: { ...headers, 'x-account-token': hris.api.accountToken ?? '' } })
  const magic = await app.inject({
    method: 'POST',
    url: '/api/hris/v1/link-token',
    headers,
    payload: { end_user_origin_id: `magic-${host.length}`, end_user_organization_name: 'Acme', end_user_email_address: 'it@acme.example', categories: ['hris'], should_create_magic_link_url: true }
  })
  const fs = await dataAccount(app, 'filestorage')
  const file = (await fs.api.get('/api/filestorage/v1/files?page_size=1')).json().results[0] as { id: string }
  const meta = await app.inject({ method: 'GET', url: `/api/filestorage/v1/files/${file.id}/download/request-meta`, headers: { ...headers, 'x-account-token': fs.api.accountToken ?? '' } })
  const openapi = await app.inject({ method: 'GET', url: '/openapi.json', headers: { host } })
  return [details.json().webhook_listener_url, magic.json().magic_link_url, meta.json().url, openapi.json().servers[0].url] as string[]
}

t.test('without --public-url, answers name the Host the client used when it is a valid host', async (t) => {
  const { app } = await dataApp(t)
  const urls = await urlsSeen(app, 'unimock.test:8080')
  t.equal(urls.length, 4)
  for (const url of urls) t.ok(url.startsWith('http://unimock.test:8080'), url)

  const odd = await urlsSeen(app, 'evil.example"><script>x</script>')
  for (const url of odd) {
    t.notMatch(url, /evil|script|"/, 'an invalid Host is never written back')
    t.doesNotThrow(() => new URL(url), `${url} is a URL`)
  }
})

t.test('with --public-url, every absolute URL names it, whatever the Host', async (t) => {
  const { app } = await dataApp(t, { publicUrl: 'https://unimock.ci.example/' })
  for (const url of await urlsSeen(app, 'attacker.example')) t.ok(url.startsWith('https://unimock.ci.example/') || url === 'https://unimock.ci.example', url)
  const script = await app.inject({ method: 'GET', url: '/link/initialize.js', headers: { host: 'attacker.example' } })
  t.match(script.body, 'https://unimock.ci.example', 'the widget script names it too')
  t.notMatch(script.body, 'attacker.example')
})
