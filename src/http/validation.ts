import { Ajv, type Options, type ValidateFunction } from 'ajv'
import fastJson from 'fast-json-stringify'
import addFormatsModule from 'ajv-formats'
import type { FastifyInstance } from 'fastify'
import { queryBoolean } from '../core/query-boolean.js'
import { serializerSchema } from './serializer-schema.js'

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
  app.setValidatorCompiler(({ schema, httpPart, url }) => {
    const flavour = flavourOf(httpPart, url)
    let validate: ValidateFunction | undefined
    const lazy = Object.assign((data: unknown, ctx?: Parameters<ValidateFunction>[1]): boolean => {
      validate ??= sharedValidator(flavour, schema)
      const ok = validate(data, ctx)
      lazy.errors = validate.errors
      return ok as boolean
    }, { errors: null as ValidateFunction['errors'], schemaEnv: true })
    return lazy
  })
  app.setSerializerCompiler(({ schema }) => {
    let stringify: ((data: unknown) => string) | undefined
    return (data: unknown) => {
      stringify ??= sharedSerializer(schema)
      return stringify(data)
    }
  })
}

const flavourOf = (httpPart: string | undefined, url: string): Flavour => httpPart !== 'body' ? 'coercing' : url.startsWith('/_unimock/') ? 'closed' : 'strict'

/** The validator the compiler above gives a route's part (`body`, `querystring`, `params`) at this URL, compiled once. */
export function requestValidator (httpPart: string, url: string, schema: unknown): ValidateFunction {
  return sharedValidator(flavourOf(httpPart, url), schema)
}

/**
 * The query of a parametric route's operation, validated as the operation's own route would be (coerced, at the
 * same step): a failure throws Fastify's validation error, answered in the URL's dialect like any other.
 */
export function validateQuery (schema: object, query: unknown): void {
  let validate = queryValidators.get(schema)
  if (validate === undefined) {
    validate = sharedValidator('coercing', schema)
    queryValidators.set(schema, validate)
  }
  if (validate(query ?? null) as boolean) return
  throw Object.assign(new Error('querystring is invalid'), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: validate.errors, validationContext: 'querystring' })
}

const queryValidators = new WeakMap<object, ValidateFunction>()

type Flavour = 'coercing' | 'strict' | 'closed'

const FLAVOURS: Record<Flavour, Options> = {
  coercing: { coerceTypes: 'array' },
  strict: { coerceTypes: false },
  closed: { coerceTypes: false, removeAdditional: false }
}

/*
 * Compiled validators and serializers are kept for the whole process, by the schema's content: what they do
 * depends on nothing else (no shared schemas are added to Ajv). A process that builds many apps (a test suite
 * calling startUnimock per test, unimock's own suite) compiled the same few hundred schemas again for each
 * app: about a tenth of the CPU of such a suite. Many route schemas are built per app, so the schema object
 * itself is no key. The maps hold one entry per distinct schema the process ever used.
 */
const ajvs = new Map<Flavour, Ajv>()
const validators = new Map<string, ValidateFunction>()
const serializers = new Map<string, (data: unknown) => string>()

function sharedValidator (flavour: Flavour, schema: unknown): ValidateFunction {
  const key = `${flavour}\0${JSON.stringify(schema)}`
  let validate = validators.get(key)
  if (validate === undefined) {
    let ajv = ajvs.get(flavour)
    if (ajv === undefined) {
      ajv = makeAjv(FLAVOURS[flavour])
      ajvs.set(flavour, ajv)
    }
    validate = ajv.compile(schema as object)
    if (flavour === 'coercing') validate = readingBooleans(validate, schema)
    validators.set(key, validate)
  }
  return validate
}

/**
 * A query's (or params') boolean properties read by the one reading of boolean query values (`TRUE`, `1`, `0`
 * too) before the schema checks them: Ajv's coercion alone takes only `true` and `false`. A value that is no
 * boolean is left as sent, for the check to refuse with 400 naming the parameter.
 */
function readingBooleans (validate: ValidateFunction, schema: unknown): ValidateFunction {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> } | null)?.properties ?? {}
  const names = Object.keys(properties).filter((name) => properties[name]?.type === 'boolean')
  if (names.length === 0) return validate
  const reading = Object.assign((data: unknown, ctx?: Parameters<ValidateFunction>[1]): boolean => {
    if (data !== null && typeof data === 'object') {
      const values = data as Record<string, unknown>
      for (const name of names) {
        const read = typeof values[name] === 'string' ? queryBoolean(values[name]) : undefined
        if (read !== undefined) values[name] = read
      }
    }
    const ok = validate(data, ctx) as boolean
    reading.errors = validate.errors
    return ok
  }, { errors: null as ValidateFunction['errors'], schema: validate.schema, schemaEnv: validate.schemaEnv })
  return reading as unknown as ValidateFunction
}

/** fast-json-stringify's serializer for a response schema, with its default options (as Fastify's own). */
export function sharedSerializer (schema: unknown): (data: unknown) => string {
  const key = JSON.stringify(schema)
  let stringify = serializers.get(key)
  if (stringify === undefined) {
    stringify = fastJson(serializerSchema(schema) as Parameters<typeof fastJson>[0]) as (data: unknown) => string
    serializers.set(key, stringify)
  }
  return stringify
}
