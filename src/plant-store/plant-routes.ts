import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { PlantRouteConfig } from './interface.js'
import type { PlantService } from './plant-service.js'
import { ApiError, type ListParam, Plant, PlantBody, PlantIdParams, PlantList, StatusQuery, TagsQuery } from './schemas.js'

export interface PlantRoutesOptions {
  readonly plants: PlantService
  /** Runs before the body is read on add and update; undefined when --plant-auth is none. */
  readonly requireSession: onRequestHookHandler | undefined
}

const tags = ['plant']
const plantBody: PlantRouteConfig = { plantBody: true }
const Unauthorized = ApiError('Unauthorized: only with --plant-auth required, when the bearer token is missing, unknown or expired')
const TooLarge = ApiError('Payload Too Large')
/** A login token with --plant-auth required; nothing with --plant-auth none (the default). */
const PLANT_AUTH: Array<Record<string, string[]>> = [{ plantToken: [] }, {}]

/**
 * /v3/plant routes. The search routes are static paths, so find-my-way prefers them to /plant/:plantId whatever
 * the order; a bare /plant/search falls to :plantId and is an invalid id.
 */
export const plantRoutes: FastifyPluginAsync<PlantRoutesOptions> = async (app, { plants, requireSession }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  const auth = requireSession === undefined ? {} : { onRequest: requireSession }

  r.post('/plant', {
    ...auth,
    config: plantBody,
    schema: {
      tags,
      operationId: 'addPlant',
      security: PLANT_AUTH,
      summary: 'Add a plant (or replace the plant holding the given id)',
      body: PlantBody,
      response: { 200: Plant, 401: Unauthorized, 405: ApiError('Invalid input'), 413: TooLarge }
    }
  }, async (request) => plants.add(request.body))

  r.put('/plant', {
    ...auth,
    config: plantBody,
    schema: {
      tags,
      operationId: 'updatePlant',
      security: PLANT_AUTH,
      summary: 'Replace an existing plant (fields left out take the add defaults)',
      body: PlantBody,
      response: {
        200: Plant,
        400: ApiError('Invalid ID supplied'),
        401: Unauthorized,
        404: ApiError('Plant not found'),
        405: ApiError('Validation exception'),
        413: TooLarge
      }
    }
  }, async (request) => plants.update(request.body))

  const byStatus = {
    schema: {
      tags,
      summary: 'Plants with any of the given statuses',
      querystring: StatusQuery,
      response: { 200: PlantList, 400: ApiError('Invalid status value') }
    }
  }
  r.get('/plant/search/status', { ...byStatus, schema: { ...byStatus.schema, operationId: 'findPlantsByStatus' } },
    async (request) => plants.findByStatus(list(request.query.status)))
  r.get('/plant/findByStatus', {
    ...byStatus,
    schema: { ...byStatus.schema, operationId: 'findPlantsByStatusPetstore', summary: 'Alias of /plant/search/status under the Petstore path' }
  }, async (request) => plants.findByStatus(list(request.query.status)))

  const byTags = {
    schema: {
      tags,
      summary: 'Plants with any of the given tags',
      querystring: TagsQuery,
      response: { 200: PlantList, 400: ApiError('No tags provided') }
    }
  }
  r.get('/plant/search/tags', { ...byTags, schema: { ...byTags.schema, operationId: 'findPlantsByTags' } },
    async (request) => plants.findByTags(list(request.query.tags)))
  r.get('/plant/findByTags', {
    ...byTags,
    schema: { ...byTags.schema, operationId: 'findPlantsByTagsPetstore', summary: 'Alias of /plant/search/tags under the Petstore path' }
  }, async (request) => plants.findByTags(list(request.query.tags)))

  r.get('/plant/:plantId', {
    schema: {
      tags,
      operationId: 'getPlantById',
      summary: 'Find a plant by id',
      params: PlantIdParams,
      response: { 200: Plant, 400: ApiError('Invalid ID supplied'), 404: ApiError('Plant not found') }
    }
  }, async (request) => plants.get(request.params.plantId))
}

/** A query parameter as the list of its values: absent, once, or repeated. */
function list (value: ListParam): string[] | undefined {
  if (value === undefined) return undefined
  return Array.isArray(value) ? value : [value]
}
