import { Type, type Static } from '@sinclair/typebox'
import { BoundedName } from '../../base/dialect/schemas.js'

/** The `{"detail": ...}` error body every /link/api route answers with, like the unified service itself. */
export const WidgetError = Type.Object({ detail: Type.String() }, { description: 'error ({"detail": ...})' })

export const LinkTokenQuery = Type.Object({
  link_token: Type.String({ minLength: 1, description: 'the link token the widget was opened with' })
})
export type LinkTokenQuery = Static<typeof LinkTokenQuery>

/** An integration as the account-token response describes it (the control API's completion answers it too). */
export const Integration = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  categories: Type.Array(Type.String()),
  image: Type.String(),
  square_image: Type.String(),
  color: Type.String()
})

/**
 * An integration as the widget shows it: no logo URLs, since the real service's logo files are off the
 * machine and the widget draws marks (mark.svg) instead.
 */
export const WidgetIntegration = Type.Object({
  name: Type.String(),
  slug: Type.String(),
  categories: Type.Array(Type.String()),
  color: Type.String({ description: 'brand colour, #rrggbb' })
})

export const SessionState = Type.Union([Type.Literal('READY'), Type.Literal('USED'), Type.Literal('EXPIRED')])

export const Session = Type.Object({
  state: SessionState,
  category: Type.String(),
  system_label: Type.String({ description: 'business wording for the category, e.g. "HR system"' }),
  organization_name: Type.Union([Type.String(), Type.Null()]),
  integrations: Type.Array(WidgetIntegration, { description: 'only the preselected one when the link token named an integration' })
})
export type Session = Static<typeof Session>

export const ConnectBody = Type.Object({
  link_token: Type.String({ minLength: 1 }),
  integration: Type.String({ minLength: 1, description: 'slug of the chosen integration' }),
  username: Type.Optional(Type.String()),
  password: Type.Optional(Type.String({ description: 'error_<kind> fails validation; anything else connects' }))
})
export type ConnectBody = Static<typeof ConnectBody>

export const ValidationProblem = Type.Object({ detail: Type.String(), problem_type: Type.String() })

export const ConnectResult = Type.Union([
  Type.Object({ outcome: Type.Literal('success'), public_token: Type.String(), integration: WidgetIntegration }),
  Type.Object({ outcome: Type.Literal('validation_error'), errors: Type.Array(ValidationProblem) })
])
export type ConnectResult = Static<typeof ConnectResult>

export const ExitResult = Type.Object({ state: SessionState })

/** The demo's stand-in for an integrator backend answers like the spec's integrator routes: success and error. */
export const DemoFailure = Type.Object({ success: Type.Literal(false), error: Type.String() })

export const DemoCreateLinkTokenBody = Type.Object({
  api_key: Type.String({ minLength: 1 }),
  category: Type.Optional(Type.String({ minLength: 1, default: 'hris' })),
  end_user_origin_id: BoundedName(),
  integration: Type.Optional(Type.String({ minLength: 1 }))
})
export type DemoCreateLinkTokenBody = Static<typeof DemoCreateLinkTokenBody>

export const DemoLinkToken = Type.Object({ success: Type.Literal(true), link_token: Type.String() })

export const DemoExchangeBody = Type.Object({
  api_key: Type.String({ minLength: 1 }),
  category: Type.Optional(Type.String({ minLength: 1, default: 'hris' })),
  public_token: Type.String({ minLength: 1 })
})
export type DemoExchangeBody = Static<typeof DemoExchangeBody>

export const DemoExchanged = Type.Object({
  success: Type.Literal(true),
  integration_name: Type.String(),
  account: Type.Object({
    id: Type.String(),
    status: Type.String(),
    integration: Type.Union([Type.String(), Type.Null()]),
    end_user_origin_id: Type.Union([Type.String(), Type.Null()]),
    completed_at: Type.Union([Type.String(), Type.Null()])
  })
})

export const DemoQuery = Type.Object({
  api_key: Type.String({ minLength: 1, default: 'test_demo', description: 'the API key the demo backend uses' }),
  category: Type.String({ minLength: 1, default: 'hris' }),
  end_user_origin_id: Type.String({ minLength: 1, default: 'demo-user' }),
  integration: Type.Optional(Type.String({ minLength: 1, description: 'preselect one integration by slug' })),
  link_token: Type.Optional(Type.String({ minLength: 1, description: 'open with this link token instead of asking for one' }))
})

export const MarkQuery = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'the integration\'s display name; its initials are drawn' }),
  color: Type.String({ pattern: '^#[0-9A-Fa-f]{6}$', description: 'the background, #rrggbb' })
})
export type MarkQuery = Static<typeof MarkQuery>

export const WidgetPageQuery = Type.Object({
  link_token: Type.Optional(Type.String()),
  parent_origin: Type.Optional(Type.String()),
  channel: Type.Optional(Type.String())
})

/** Pages and scripts are text; the schema documents the media type in OpenAPI. */
export const textBody = (mediaType: string, description: string): { description: string, content: Record<string, { schema: ReturnType<typeof Type.String> }> } =>
  ({ description, content: { [mediaType]: { schema: Type.String() } } })
