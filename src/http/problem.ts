import { Type } from '@sinclair/typebox'

/**
 * RFC 9457 problem details: the control API's error body (every route under /_unimock declares it), rendered
 * by the control interface's dialect in interfaces.ts. Here, below every domain, so their control routes
 * can declare it without importing the server-control layer above them.
 */
export const Problem = Type.Object({
  type: Type.String(),
  title: Type.String(),
  status: Type.Integer(),
  detail: Type.String(),
  code: Type.String()
}, { $id: undefined, description: 'problem details (application/problem+json)', title: 'control.Problem' })
