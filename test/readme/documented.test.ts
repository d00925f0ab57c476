import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'
import t from 'tap'
import { FLAGS } from '../../src/cli/flags.js'
import { CATEGORIES } from '../../src/integration/base/catalogue/categories.js'
import { docs, root } from './markdown.js'
import { startServer } from './shell.js'

/**
 * Nothing a user can set or call goes undocumented: every flag and variable of the settings schema has a row in a
 * flag table, and every route of the OpenAPI document is named in the README or a page of docs/. The route list
 * (docs/reference/routes.md) is written from the OpenAPI document by a script and must match what it writes now.
 */

const text = docs().map((doc) => doc.text).join('\n')
const REGENERATE = 'node scripts/write-routes-reference.mjs'

t.test('the docs document every flag and variable of the settings schema', async (t) => {
  for (const spec of FLAGS) {
    t.match(text, new RegExp(`\\| \`--${spec.flag}[ \`]`), `--${spec.flag} has a row in a flag table`)
    t.match(text, `\`${spec.env}\``, `${spec.env} is named`)
  }
})

t.test('the docs name every route of the OpenAPI document (the data endpoints of each model as one family), and the route list is current', async (t) => {
  const url = await startServer(t)
  const doc = await (await fetch(`${url}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> }
  const catalogue = JSON.parse(readFileSync(`${root}fixtures/unified-models.json`, 'utf8')) as { categories: Record<string, { models: Record<string, { segment: string }> }> }
  const segments = new Set(Object.values(catalogue.categories).flatMap((c) => Object.values(c.models).map((m) => m.segment)))
  const shape = (path: string): string => path.replace(/\{[^}]*\}/g, '{}')
  const documented = new Set([...text.matchAll(/\/[A-Za-z0-9_{}./-]+/g)].map((m) => shape(m[0])))
  const missing: string[] = []
  for (const path of Object.keys(doc.paths)) {
    const generic = path.replace(new RegExp(`^/api/(${CATEGORIES.join('|')})/v1/`), '/api/{category}/v1/')
    const data = /^\/api\/\{category\}\/v1\/([a-z-]+)(?:\/\{id\})?$/.exec(generic)
    if (data !== null && segments.has(data[1]!)) continue
    // Catalogue-driven write routes of every model are one family too: /api/{category}/v1/{segment}/meta/post ...
    const family = generic.replace(/^(\/api\/\{category\}\/v1\/)([a-z-]+)(?=\/)/, (all, prefix: string, segment: string) => segments.has(segment) ? `${prefix}{segment}` : all)
    if (!documented.has(shape(path)) && !documented.has(shape(generic)) && !documented.has(shape(family))) missing.push(generic)
  }
  t.same([...new Set(missing)], [], 'every other route appears in the README or docs/')

  // The same server's document, so the route list is checked without building a second app.
  const { stdout } = await promisify(execFile)(process.execPath, [`${root}scripts/write-routes-reference.mjs`, '--stdout', '--from', url], { cwd: root, maxBuffer: 16 * 1024 * 1024 })
  const file = readFileSync(`${root}docs/reference/routes.md`, 'utf8')
  t.ok(stdout === file, `docs/reference/routes.md is what the script writes from the OpenAPI document now (if not, regenerate it: npm run build && ${REGENERATE})`)
})
