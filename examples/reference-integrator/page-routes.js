import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { activeVariant } from './broken.js'

/**
 * The reference integrator's pages (public/): the connect button a logged-in user of the demo clicks, as plain
 * JavaScript at / and as a React app at /react/, and the demo's login form at /login. The pages are served
 * without a login of their own; their calls to the routes under /api/integrations carry the demo login as the
 * cookie demo_user (or the header X-Demo-User). config.js tells the plain page which deliberate mistake is on.
 */
const file = (name) => readFileSync(new URL(`./public/${name}`, import.meta.url), 'utf8')

/** The demo's users (routes.js knows them with their organisations; the login form needs only the names). */
const USERS = new Set(['alice', 'bob', 'carol'])

const loginPage = (problem) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Sign in · Connected systems</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 3rem auto; max-width: 24rem; color: #1e293b }
    input, button { font: inherit; padding: .5rem; border-radius: .5rem; border: 1px solid #334155 }
    .note { color: #b91c1c }
  </style>
</head>
<body>
  <main>
    <h1>Sign in</h1>
    ${problem ? `<p class="note" role="alert">${problem}</p>` : ''}
    <form method="post" action="/login">
      <p><label>User name <input name="username" autocomplete="username" required autofocus></label></p>
      <p><button type="submit">Sign in</button></p>
    </form>
  </main>
</body>
</html>
`

/**
 * The React page's script: public/react/app.jsx with React and the hook, bundled by esbuild on the first
 * request and kept. Lazily, so a run that never opens the page (most of the kit's) pays nothing for it, and a
 * server without esbuild still serves everything else. React's development build unless NODE_ENV=production:
 * there StrictMode runs every effect twice, which the page must survive.
 */
let bundle
function reactBundle () {
  bundle ??= (async () => {
    const { build } = await import('esbuild')
    const production = process.env.NODE_ENV === 'production'
    const out = await build({
      entryPoints: [fileURLToPath(new URL('./public/react/app.jsx', import.meta.url))],
      bundle: true,
      write: false,
      format: 'iife',
      jsx: 'automatic',
      target: 'chrome120',
      minify: production,
      define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
      logLevel: 'silent'
    })
    return out.outputFiles[0].text
  })()
  // A failed build is tried again on the next request rather than kept.
  bundle.catch(() => { bundle = undefined })
  return bundle
}

export function pageRoutes (app, { apiKey }) {
  const html = file('index.html')
  const script = file('page.js')
  const backend = file('backend.js')
  const css = file('page.css')
  const reactHtml = file('react/index.html')
  const htmlType = 'text/html; charset=utf-8'
  const jsType = 'text/javascript; charset=utf-8'
  app.get('/', async (request, reply) => reply.type(htmlType).send(html))
  app.get('/page.js', async (request, reply) => reply.type(jsType).send(script))
  app.get('/backend.js', async (request, reply) => reply.type(jsType).send(backend))
  app.get('/page.css', async (request, reply) => reply.type('text/css; charset=utf-8').send(css))
  app.get('/config.js', async (request, reply) => {
    const variant = activeVariant()
    const config = {
      broken: variant,
      // Deliberately wrong, for REFERENCE_BROKEN=page-api-key-in-page only: the server's settings handed to the page.
      ...(variant === 'page-api-key-in-page' ? { service: { apiKey } } : {})
    }
    return reply.type(jsType).send(`window.PAGE_CONFIG = ${JSON.stringify(config)}\n`)
  })

  app.get('/react', async (request, reply) => reply.redirect('/react/', 301))
  app.get('/react/', async (request, reply) => {
    // Started now, so the bundle is being built while the browser reads the HTML.
    reactBundle().catch(() => {})
    return reply.type(htmlType).send(reactHtml)
  })
  app.get('/react/app.js', async (request, reply) => {
    try {
      return reply.type(jsType).send(await reactBundle())
    } catch (error) {
      return reply.code(500).type('text/plain; charset=utf-8').send(`the React page could not be built: ${error.message}\n`)
    }
  })

  // The demo's login for a browser: the form sets the cookie the routes read. Only this scope parses forms.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body)))
  })
  app.get('/login', async (request, reply) => reply.type(htmlType).send(loginPage()))
  app.post('/login', async (request, reply) => {
    const username = String(request.body?.username ?? '').trim()
    if (!USERS.has(username)) return reply.code(401).type(htmlType).send(loginPage('That user name is not known here. Try alice, bob or carol.'))
    reply.header('set-cookie', `demo_user=${username}; Path=/; HttpOnly; SameSite=Lax`)
    return reply.redirect('/', 303)
  })
}
