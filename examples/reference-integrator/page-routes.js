import { readFileSync } from 'node:fs'
import { activeVariant } from './broken.js'

/**
 * The reference integrator's page (public/): the connect button a logged-in user of the demo clicks. Served
 * without a login of its own; its calls to the routes under /api/integrations carry the demo login as the
 * cookie demo_user (or the header X-Demo-User). config.js tells the page which deliberate mistake is on.
 */
const file = (name) => readFileSync(new URL(`./public/${name}`, import.meta.url), 'utf8')

export function pageRoutes (app, { apiKey }) {
  const html = file('index.html')
  const script = file('page.js')
  app.get('/', async (request, reply) => reply.type('text/html; charset=utf-8').send(html))
  app.get('/page.js', async (request, reply) => reply.type('text/javascript; charset=utf-8').send(script))
  app.get('/config.js', async (request, reply) => {
    const variant = activeVariant()
    const config = {
      broken: variant,
      // Deliberately wrong, for REFERENCE_BROKEN=page-api-key-in-page only: the server's settings handed to the page.
      ...(variant === 'page-api-key-in-page' ? { service: { apiKey } } : {})
    }
    return reply.type('text/javascript; charset=utf-8').send(`window.PAGE_CONFIG = ${JSON.stringify(config)}\n`)
  })
}
