import type { FastifyInstance, onRequestHookHandler } from 'fastify'
import type { AppContext } from '../context.js'
import { createIds } from '../core/ids.js'
import { installPlantHeaders } from './headers.js'
import { plantInterface } from './interface.js'
import { useLosslessJson } from './json.js'
import { PlantRepository } from './plant-repository.js'
import { plantRoutes } from './plant-routes.js'
import { PlantService } from './plant-service.js'
import { loadPlantSeed, restoreSeed, seedIfEmpty } from './seed.js'
import { UserRepository } from './user-repository.js'
import { userRoutes } from './user-routes.js'
import { UserService } from './user-service.js'
import { named } from '../http/plugin-name.js'

const PREFIX = '/v3'

/**
 * Registers the plant store interface under /v3: its error dialect, CORS headers, seed and reset, the lossless
 * JSON parser and the plant and user routes.
 */
export function registerPlantStore (app: FastifyInstance, context: AppContext): void {
  const { db, config } = context
  const seed = loadPlantSeed()
  const plantRepo = new PlantRepository(db)
  const userRepo = new UserRepository(db)
  // Its own random stream, so login tokens do not depend on what other interfaces drew before.
  const random = context.random.fork('plant-store')
  seedIfEmpty(db, seed, plantRepo, userRepo)
  context.onReset(() => {
    restoreSeed(db, seed, plantRepo, userRepo)
    random.reset()
  })

  const plants = new PlantService(plantRepo)
  const users = new UserService(userRepo, context.clock, createIds(random), config.plantTokenTtl)
  // Checked at onRequest, before the body is read, so a caller without a session hears 401 whatever it sent.
  const requireSession: onRequestHookHandler | undefined = config.plantAuth === 'required'
    ? async (request) => { users.requireSession(request.headers.authorization) }
    : undefined

  context.interfaces.add(plantInterface)
  installPlantHeaders(app, PREFIX)

  void app.register(named('plantRoutesScope', async (scope) => {
    useLosslessJson(scope)
    // Inputs of /v3 are checked by the services (see documented() in schemas.ts): Ajv would round int64 ids
    // and could not give each route its own status. The schemas still document every input in /openapi.json.
    scope.setValidatorCompiler(() => acceptAll)
    await scope.register(named('plantRoutes', plantRoutes), { plants, requireSession })
    await scope.register(named('userRoutes', userRoutes), { users })
  }), { prefix: PREFIX })
}

const acceptAll = (): true => true
