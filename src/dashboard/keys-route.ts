import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { UnifiedService } from '../integration/compose.js'

export interface KeysOptions {
  readonly unified: UnifiedService
}

const KeyList = Type.Object({
  listed: Type.Boolean({ description: 'false with --api-key: such a server\'s keys are not listed' }),
  keys: Type.Array(Type.Object({
    key: Type.String(),
    linked_accounts: Type.Integer({ minimum: 0 })
  }), { description: 'the API keys this process has seen whose world exists, most linked accounts first' })
})

/**
 * GET /_unimock/keys: which API keys have a world, for the dashboard's first view to offer (or open, when
 * there is one). Only on a server without --api-key, where any key works and each is its own world; keys are
 * held in memory as requests bring them, so after a restart a key is listed again once it is used.
 */
export const keysRoute: FastifyPluginAsync<KeysOptions> = async (app, { unified }) => {
  app.withTypeProvider<TypeBoxTypeProvider>().get('/keys', {
    schema: {
      tags: ['control'],
      summary: 'The API keys that have a world on this server (without --api-key only), for the dashboard',
      response: { 200: KeyList }
    }
  }, async () => {
    if (!unified.tenants.open) return { listed: false, keys: [] }
    const keys = unified.tenants.seenKeys().map(({ key, tenant }) => ({ key, linked_accounts: unified.accounts.all(tenant).length }))
    keys.sort((a, b) => b.linked_accounts - a.linked_accounts || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    return { listed: true, keys }
  })
}
