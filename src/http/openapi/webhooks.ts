import type { TSchema } from '@sinclair/typebox'

/**
 * The `webhooks` section (OpenAPI 3.1): one POST per event the service sends to a receiver, with the payload
 * schema the sender uses. The event → schema map comes from the webhooks domain; this only lays it out.
 * A family of events written with a placeholder (`{Model}.synced`: Employee.synced, CRMAccount.synced ...)
 * is named by the glob a webhook target subscribes to it with (`*.synced`): tools read braces in a
 * webhook's name as a path template whose parameter is missing.
 */
export function webhooksSection (events: Readonly<Record<string, TSchema>>): Record<string, unknown> {
  const section: Record<string, unknown> = {}
  for (const [event, schema] of Object.entries(events)) {
    section[event.replace(/\{[^}]*\}/g, '*')] = {
      post: {
        operationId: `webhook.${event.replace(/[{}]/g, '')}`,
        summary: `${event}, POSTed to every webhook target that wants it`,
        tags: ['webhooks'],
        security: [],
        parameters: [{
          in: 'header',
          name: 'X-Merge-Webhook-Signature',
          required: true,
          description: 'base64url (with = padding) of HMAC-SHA256 over the raw body, keyed with the tenant\'s signature key (GET /_unimock/webhooks/signature-key)',
          schema: { type: 'string' }
        }],
        requestBody: { required: true, content: { 'application/json': { schema: JSON.parse(JSON.stringify(schema)) as unknown } } },
        responses: {
          200: { description: 'any 2xx: delivered' },
          400: { description: 'any 4xx: failed for good, not retried' },
          500: { description: 'a 5xx, a timeout or a connection error: retried, 3 attempts in all' }
        }
      }
    }
  }
  return section
}
