import t from 'tap'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { appError, errorCatalogue } from '../../src/core/errors.js'

const srcDir = fileURLToPath(new URL('../../src/', import.meta.url))

function sources (dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [path] : []
  })
}

t.test('every catalogued error has a client or server status, a title and a message that ends a sentence', async (t) => {
  for (const [code, entry] of Object.entries(errorCatalogue)) {
    t.ok(entry.status >= 400 && entry.status <= 599, `${code}: status ${entry.status}`)
    t.ok(entry.title.length > 0, `${code}: title`)
    t.match(entry.message, /[.)]$/, `${code}: the message is a sentence`)
  }
})

t.test('every catalogued error is raised somewhere: the catalogue has no dead entries', async (t) => {
  const text = sources(srcDir).filter((f) => !f.endsWith(join('core', 'errors.ts'))).map((f) => readFileSync(f, 'utf8')).join('\n')
  for (const code of Object.keys(errorCatalogue)) {
    t.ok(text.includes(`'${code}'`), `${code} is used`)
  }
})

t.test('appError fills the message template and keeps the catalogue status', async (t) => {
  const e = appError('PLANT_NOT_FOUND', { id: 42 })
  t.equal(e.status, 404)
  t.equal(e.code, 'PLANT_NOT_FOUND')
  t.equal(e.message, 'Plant not found: no plant has id 42.')
  const headers = appError('RATE_LIMITED', { limit: 5, seconds: 12 }, { 'Retry-After': '12' })
  t.same(headers.headers, { 'Retry-After': '12' })
})
