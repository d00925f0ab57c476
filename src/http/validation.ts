import { Ajv, type Options, type ValidateFunction } from 'ajv'
import fastJson from 'fast-json-stringify'
import addFormatsModule from 'ajv-formats'
import type { FastifyInstance } from 'fastify'

// ajv-formats ships CommonJS with a default export that NodeNext sees one level down.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default

function makeAjv (options: Options): Ajv {
  const ajv = new Ajv({ useDefaults: true, removeAdditional: true, allErrors: false, strict: false, ...options })
  addFormats(ajv)
  return ajv
}

/**
 * Query strings, path params and headers arrive as text, so their validator coerces ("30" → 30, a single
 * value → a one-item array). Bodies are JSON with real types, so their validator never coerces: a number
 * sent where a string belongs is an error the client must hear about, not something to fix up silently.
 *
 * Unknown body fields: the simulated interfaces drop them, as the real ones do (Django REST framework and the
 * reference petstore ignore what they do not know). unimock's own control API refuses them instead, where a
 * schema closes its object: a misspelt `scope` or `finished_within` would otherwise be dropped and the call
 * would do something other than what was meant, without a word.
 */
export function installValidation (app: FastifyInstance): void {
  // Compiling every route's validators and serializers at start-up was half of the cold start and grows with
  // each route; each is compiled on its route's first request instead.
  let coercing: Ajv | undefined
  let strict: Ajv | undefined
  let closed: Ajv | undefined
  app.setValidatorCompiler(({ schema, httpPart, url }) => {
    let validate: ValidateFunction | undefined
    const ajv = (): Ajv => {
      if (httpPart !== 'body') {
        coercing ??= makeAjv({ coerceTypes: 'array' })
        return coercing
      }
      if (url.startsWith('/_unimock/')) {
        closed ??= makeAjv({ coerceTypes: false, removeAdditional: false })
        return closed
      }
      strict ??= makeAjv({ coerceTypes: false })
      return strict
    }
    const lazy = Object.assign((data: unknown, ctx?: Parameters<ValidateFunction>[1]): boolean => {
      validate ??= ajv().compile(schema)
      const ok = validate(data, ctx)
      lazy.errors = validate.errors
      return ok as boolean
    }, { errors: null as ValidateFunction['errors'], schemaEnv: true })
    return lazy
  })
  app.setSerializerCompiler(({ schema }) => {
    let stringify: ((data: unknown) => string) | undefined
    return (data: unknown) => {
      stringify ??= fastJson(schema as Parameters<typeof fastJson>[0])
      return stringify(data)
    }
  })
}
