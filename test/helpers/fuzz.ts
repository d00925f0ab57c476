import { SeededRandom } from '../../src/core/random.js'

/** What the seeded fuzz tests share: their generator and the reading of /openapi.json's local references. */

type Json = Record<string, any>

/** A seeded stream of the test's own (not the server's), so a failure names a request that can be sent again. */
export function seeded (seed: number): () => number {
  const random = new SeededRandom(seed)
  return () => random.next()
}

/** A schema or parameter with its `$ref` chain followed (one level: what a generator needs). */
export function resolveRef (doc: Json, schema: Json | undefined): Json {
  let s = schema ?? {}
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    s = s.$ref.split('/').slice(1).reduce((node: Json, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], doc) ?? {}
  }
  return s
}

/** Paths a fuzz leaves alone: they end the run's accounts or tokens, reset the world, or stream for long. */
export const FUZZ_SKIP = /^\/_unimock\/(reset|stream)|^\/_unimock\/clock\/advance|\/delete-account$|\/account-token\/regenerate$|\/download(\b|\/)|^\/link\/(demo|magic)/
