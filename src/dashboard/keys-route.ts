import { Type } from '@sinclair/typebox'
import type { FastifyPluginAsync } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { iso } from '../core/iso.js'
import type { UnifiedService } from '../integration/compose.js'

export interface KeysOptions {
  readonly unified: UnifiedService
}

const KeyList = Type.Object({
  listed: Type.Boolean({ description: 'false with --api-key: such a server\'s keys are not listed' }),
  keys_shown: Type.Union([Type.Literal('masked'), Type.Literal('list')], {
    description: 'the server\'s --dashboard-keys: masked, each key by its first characters (opening one takes the key itself); list, the keys themselves'
  }),
  keys: Type.Array(Type.Object({
    key: Type.Optional(Type.String({ description: 'the key itself, only with --dashboard-keys list' })),
    hint: Type.String({ description: 'the key\'s first characters (at most a quarter of it, never more than four), then …' }),
    linked_accounts: Type.Integer({ minimum: 0 }),
    last_used_at: Type.String({ format: 'date-time', description: 'when a request last used the key, in wall-clock time (whatever clock the server runs on)' })
  }), { description: 'the API keys this process has seen whose world exists, most linked accounts first, then the most recently used' })
})

/**
 * GET /_unimock/keys: which API keys have a world, for the dashboard's first view to offer. Only on a server
 * without --api-key, where any key works and each is its own world; keys are held in memory as requests bring
 * them, so after a restart a key is listed again once it is used.
 *
 * Anyone who can reach the server can ask, with no key at all, and a key opens its world (read, reset, fault,
 * delete it): so by default the answer names each key only by what lets its owner recognise it, and opening
 * one still takes the key, typed or in the link's #key= fragment. The keys themselves only when the operator
 * started the server with --dashboard-keys list, for a server one person uses (#48).
 */
export const keysRoute: FastifyPluginAsync<KeysOptions> = async (app, { unified }) => {
  const tenants = unified.tenants
  app.withTypeProvider<TypeBoxTypeProvider>().get('/keys', {
    schema: {
      tags: ['control'],
      summary: 'The API keys that have a world on this server (without --api-key only), for the dashboard: masked unless --dashboard-keys list',
      response: { 200: KeyList }
    }
  }, async () => {
    const keysShown = tenants.listsKeys ? 'list' as const : 'masked' as const
    if (!tenants.open) return { listed: false, keys_shown: keysShown, keys: [] }
    const found = tenants.seenKeys().map(({ seen, tenant }) => ({ seen, linked_accounts: unified.accounts.all(tenant).length }))
    // Recently used first among equals: the person looking for their key has most likely just used it.
    found.sort((a, b) => b.linked_accounts - a.linked_accounts || b.seen.lastUsed - a.seen.lastUsed)
    const keys = found.map(({ seen, linked_accounts }) => ({
      ...(seen.key === undefined ? {} : { key: seen.key }),
      hint: seen.hint,
      linked_accounts,
      last_used_at: iso(seen.lastUsed)
    }))
    return { listed: true, keys_shown: keysShown, keys }
  })
}
