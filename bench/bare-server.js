import Fastify from 'fastify'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

/**
 * The yardstick: the plant store's two hottest routes on bare Fastify, answering from a Map with no
 * logging, no validation, no database. unimock's throughput is reported as a fraction of this one's.
 *
 * BARE_PLANT_JSON sets plant 1 (the bench passes unimock's own answer so both send the same bytes);
 * POST /v3/plant stores {id, name, status, tags} under the next id, as unimock does. With BARE_PAGE_FILE it
 * also answers GET /api/hris/v1/employees with that page, held as an object and serialised on every request
 * (the peers case: one yardstick process for every workload).
 */

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } } })

const plant1 = JSON.parse(process.env.BARE_PLANT_JSON ?? '{"id":1,"name":"Monstera","status":"available","tags":["indoor"]}')
const plants = new Map([[String(plant1.id), plant1]])
let nextId = Number(process.env.BARE_NEXT_ID ?? 11)

const app = Fastify({ logger: false })

app.get('/v3/plant/:plantId', async (request, reply) => {
  const plant = plants.get(request.params.plantId)
  if (plant === undefined) return reply.code(404).send({ code: 404, type: 'error', message: 'Plant not found' })
  return plant
})

app.post('/v3/plant', async (request) => {
  const body = request.body ?? {}
  const plant = { id: nextId++, name: body.name ?? null, status: body.status ?? null, tags: body.tags ?? [] }
  plants.set(String(plant.id), plant)
  return plant
})

if (process.env.BARE_PAGE_FILE !== undefined) {
  const page = JSON.parse(readFileSync(process.env.BARE_PAGE_FILE, 'utf8'))
  app.get('/api/hris/v1/employees', async () => page)
}

const address = await app.listen({ port: Number(values.port), host: values.host })
process.stdout.write(`bare fastify listening on ${address}\n`)

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => { void app.close().then(() => process.exit(0)) })
}
