// Writes src/control-client.ts, the typed client of the control API, from /openapi.json as the built app
// serves it (itself generated from the routes' TypeBox schemas). Run by `npm run build`; the file is committed
// (the build compiles it), and test/server-control/control-client.test.ts fails while it differs from the sources.
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const { buildApp } = await import('../dist/src/app.js')
const { controlClientSource } = await import('../dist/src/http/openapi/client-source.js')
const app = buildApp({ clock: 'virtual', logLevel: 'silent' })
await app.ready()
const doc = JSON.parse((await app.inject({ method: 'GET', url: '/openapi.json' })).body)
await app.close()
writeFileSync(fileURLToPath(new URL('../src/control-client.ts', import.meta.url)), controlClientSource(doc))
