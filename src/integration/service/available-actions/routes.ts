import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { routeEach } from '../../../http/route-each.js'
import { requestAccount, type UnifiedAuth } from '../../base/accounts/request-auth.js'
import { AccountIntegration } from '../../base/accounts/schemas.js'
import { journaled } from '../../base/dialect/journal-recorder.js'
import { Detail } from '../../base/dialect/schemas.js'
import type { AvailableActionsService } from './available-actions.js'

const AvailableActions = Type.Object({
  integration: AccountIntegration,
  passthrough_available: Type.Boolean(),
  available_model_operations: Type.Array(Type.Object({
    model_name: Type.String(),
    available_operations: Type.Array(Type.String({ description: 'FETCH, CREATE or UPDATE' })),
    required_post_parameters: Type.Array(Type.String()),
    supported_fields: Type.Array(Type.String())
  }))
}, { title: 'unified.AvailableActions' })

/** GET available-actions of each category (the linked account of the X-Account-Token). */
export const availableActionsRoutes: FastifyPluginAsync<{ auth: UnifiedAuth, actions: AvailableActionsService }> = async (app, { auth, actions }) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()
  routeEach(r, CATEGORIES, (category, r) => {
    r.get(`/api/${category}/v1/available-actions`, {
      onRequest: auth.account,
      config: journaled('available-actions', { category }),
      schema: {
        tags: [`unified: ${category}`],
        summary: 'What the linked account\'s integration supports: the models it reads (FETCH), creates and updates, and passthrough',
        response: { 200: AvailableActions, 401: Detail, 403: Detail }
      }
    }, async (request) => actions.forAccount(requestAccount(request).account))
  })
}
