import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context.js'

/** Registers the plant store interface under /v3. (Filled in by the plant-store work.) */
export function registerPlantStore (_app: FastifyInstance, _context: AppContext): void {}
