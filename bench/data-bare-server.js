import Fastify from 'fastify'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

/**
 * The yardstick of the data bench: bare Fastify answering GET /page with a paginated envelope held in
 * memory (the very page unimock answered, read from BARE_PAGE_FILE), serialised on every request as
 * Fastify does by default, with no logging, validation, authentication or database.
 */

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } } })
const file = process.env.BARE_PAGE_FILE
if (file === undefined) throw new Error('BARE_PAGE_FILE must name the JSON page to serve')
const page = JSON.parse(readFileSync(file, 'utf8'))

const app = Fastify({ logger: false })
app.get('/page', async () => page)

const address = await app.listen({ port: Number(values.port), host: values.host })
process.stdout.write(`bare fastify listening on ${address}\n`)

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => { void app.close().then(() => process.exit(0)) })
}
