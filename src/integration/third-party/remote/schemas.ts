import { Type } from '@sinclair/typebox'

export const PassthroughBody = Type.Object({
  method: Type.Union(['GET', 'OPTIONS', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => Type.Literal(m)), { description: 'the HTTP method of the call to the integration' }),
  path: Type.String({ minLength: 1, description: 'a path on the integration\'s own API (relative; e.g. /api/v1/employees)' }),
  base_url_override: Type.Optional(Type.String({ description: 'only the simulated integration\'s own base URL is accepted' })),
  data: Type.Optional(Type.String({ description: 'the body sent to the integration, as request_format says' })),
  multipart_form_data: Type.Optional(Type.Array(Type.Object({
    name: Type.String(),
    data: Type.String(),
    encoding: Type.Optional(Type.Union([Type.Literal('RAW'), Type.Literal('BASE64'), Type.Literal('GZIP_BASE64')])),
    file_name: Type.Optional(Type.String()),
    content_type: Type.Optional(Type.String())
  }))),
  headers: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'headers for the integration; credentials are refused (the service adds its own)' })),
  request_format: Type.Optional(Type.Union([Type.Literal('JSON'), Type.Literal('XML'), Type.Literal('MULTIPART')])),
  normalize_response: Type.Optional(Type.Boolean())
}, { title: 'unified.DataPassthroughRequest' })

export const RemoteResponseSchema = Type.Object({
  method: Type.String(),
  path: Type.String(),
  status: Type.Integer({ description: 'the integration\'s own status code' }),
  response: Type.Unknown({ description: 'the integration\'s JSON body' }),
  response_headers: Type.Record(Type.String(), Type.String()),
  response_type: Type.Literal('JSON'),
  headers: Type.Record(Type.String(), Type.Unknown(), { description: 'the headers sent upstream, Authorization redacted' })
}, { title: 'unified.RemoteResponse' })

export const AsyncReceipt = Type.Object({ async_passthrough_receipt_id: Type.String({ format: 'uuid' }) }, { title: 'unified.AsyncPassthroughReciept' })

export const ReceiptParams = Type.Object({ async_passthrough_receipt_id: Type.String() })

export const AsyncPassthroughAnswer = Type.Union([RemoteResponseSchema, Type.Literal('PENDING', { description: 'until the integration has answered' })])
