'use strict'
/**
 * json-server 0.17 as a peer of the bench, serving the bench's workloads from memory: the database object is
 * handed to its router (lowdb's memory adapter, no file written on a POST), and the rewriter maps the URLs
 * the bench sends (unimock's) onto json-server's resources. Run by bench/peers.bench.js with
 * JSON_SERVER_MODULE (where the peer is installed), PEER_DB_FILE (the records) and --port.
 */
const { readFileSync } = require('node:fs')
const { parseArgs } = require('node:util')

const { values } = parseArgs({ options: { port: { type: 'string', default: '0' }, host: { type: 'string', default: '127.0.0.1' } } })
const jsonServer = require(process.env.JSON_SERVER_MODULE)
const db = JSON.parse(readFileSync(process.env.PEER_DB_FILE, 'utf8'))

const server = jsonServer.create()
server.use(jsonServer.defaults({ logger: false }))
server.use(jsonServer.rewriter({
  '/v3/plant/:id': '/plant/:id',
  '/v3/plant': '/plant',
  '/api/hris/v1/employees': '/employees?_page=1&_limit=30'
}))
server.use(jsonServer.router(db))
const listener = server.listen(Number(values.port), values.host, () => {
  process.stdout.write(`json-server listening on http://${values.host}:${listener.address().port}\n`)
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => listener.close(() => process.exit(0)))
