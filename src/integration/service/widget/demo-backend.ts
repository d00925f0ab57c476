import type { FastifyPluginAsync, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { DemoCreateLinkTokenBody, DemoExchangeBody, DemoExchanged, DemoFailure, DemoLinkToken } from './schemas.js'

const tags = ['link-widget']

interface Answer {
  readonly statusCode: number
  readonly body: string
}

function parsed (answer: Answer): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(answer.body)
    return typeof value === 'object' && value !== null ? value as Record<string, unknown> : {}
  } catch {
    return {}
  }
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)

/** The unified service refused: the demo's backend passes its status and message on, as an integrator would. */
function relay (reply: FastifyReply, route: string, answer: Answer): FastifyReply {
  const detail = text(parsed(answer).detail) ?? (answer.body === '' ? 'no detail' : answer.body)
  return reply.code(answer.statusCode).send({ success: false, error: `${route} answered ${answer.statusCode}: ${detail}` })
}

/** A lone surrogate cannot go into a URL (encodeURIComponent throws): such a field is bad input, named. */
function malformed (fields: Record<string, string | undefined>): string | undefined {
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && /\p{Cs}/u.test(value)) return `${name} is not well-formed text (it holds a lone surrogate)`
  }
  return undefined
}

/**
 * The demo page's backend: the two routes an integrator writes (create a link token; exchange a public
 * token), shaped like the spec's integrator routes. They call the unified service's own HTTP API in-process,
 * with the API key the page was opened with, so the demo exercises exactly what a real backend would.
 */
export const demoBackendRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<TypeBoxTypeProvider>()

  r.post('/create-link-token', {
    schema: {
      tags,
      summary: 'Demo backend: create a link token for the demo page',
      body: DemoCreateLinkTokenBody,
      response: { 200: DemoLinkToken, '4xx': DemoFailure, '5xx': DemoFailure }
    }
  }, async (request, reply) => {
    const { api_key: apiKey, end_user_origin_id: originId, integration } = request.body
    const category = request.body.category ?? 'hris'
    const bad = malformed({ category })
    if (bad !== undefined) return reply.code(400).send({ success: false, error: bad })
    const path = `/api/${encodeURIComponent(category)}/v1/link-token`
    const answer = await app.inject({
      method: 'POST',
      url: path,
      headers: { authorization: `Bearer ${apiKey}` },
      payload: {
        end_user_origin_id: originId,
        end_user_organization_name: 'Northwind',
        end_user_email_address: 'it@northwind.example',
        categories: [category],
        ...(integration === undefined ? {} : { integration })
      }
    })
    if (answer.statusCode !== 200) return relay(reply, `POST ${path}`, answer)
    const linkToken = text(parsed(answer).link_token)
    if (linkToken === null) return relay(reply, `POST ${path}`, { statusCode: 502, body: 'the answer had no link_token' })
    return { success: true as const, link_token: linkToken }
  })

  r.post('/exchange-public-token', {
    schema: {
      tags,
      summary: 'Demo backend: exchange a public token and read the linked account',
      body: DemoExchangeBody,
      response: { 200: DemoExchanged, '4xx': DemoFailure, '5xx': DemoFailure }
    }
  }, async (request, reply) => {
    const { api_key: apiKey, public_token: publicToken } = request.body
    const bad = malformed({ category: request.body.category, public_token: publicToken })
    if (bad !== undefined) return reply.code(400).send({ success: false, error: bad })
    const category = encodeURIComponent(request.body.category ?? 'hris')
    const authorization = `Bearer ${apiKey}`

    const exchangePath = `/api/${category}/v1/account-token/${encodeURIComponent(publicToken)}`
    const exchanged = await app.inject({ method: 'GET', url: exchangePath, headers: { authorization } })
    if (exchanged.statusCode !== 200) return relay(reply, `GET ${exchangePath}`, exchanged)
    const token = parsed(exchanged)
    const accountToken = text(token.account_token)
    const integration = token.integration as { name?: unknown } | undefined
    if (accountToken === null) return relay(reply, `GET ${exchangePath}`, { statusCode: 502, body: 'the answer had no account_token' })

    const detailsPath = `/api/${category}/v1/account-details`
    const details = await app.inject({ method: 'GET', url: detailsPath, headers: { authorization, 'x-account-token': accountToken } })
    if (details.statusCode !== 200) return relay(reply, `GET ${detailsPath}`, details)
    const account = parsed(details)
    return {
      success: true as const,
      integration_name: text(integration?.name) ?? text(account.integration) ?? '',
      account: {
        id: text(account.id) ?? text(token.id) ?? '',
        status: text(account.status) ?? '',
        integration: text(account.integration),
        end_user_origin_id: text(account.end_user_origin_id),
        completed_at: text(account.completed_at)
      }
    }
  })
}
