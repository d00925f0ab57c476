/** What the seeded fuzz tests share: their generator and the reading of /openapi.json's local references. */

type Json = Record<string, any>

/** sfc32: the seeded stream, so a failure names a request that can be sent again. */
export function seeded (seed: number): () => number {
  let a = 0x9e3779b9; let b = 0x243f6a88; let c = 0xb7e15162; let d = seed >>> 0
  return () => {
    a >>>= 0; b >>>= 0; c >>>= 0; d >>>= 0
    const r = (a + b + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = ((c << 21) | (c >>> 11)) + r >>> 0
    return r / 4294967296
  }
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
