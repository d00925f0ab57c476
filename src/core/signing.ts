import { createHmac } from 'node:crypto'

/**
 * X-Merge-Webhook-Signature: HMAC-SHA256 over the exact raw body bytes, keyed with the UTF-8 bytes of the
 * signature key, in base64url WITH its '=' padding (what the real service's Python reference,
 * base64.urlsafe_b64encode, produces: 44 characters ending in '=').
 */
export function webhookSignature (key: string, body: string | Uint8Array): string {
  return createHmac('sha256', key).update(body).digest('base64').replace(/\+/g, '-').replace(/\//g, '_')
}
