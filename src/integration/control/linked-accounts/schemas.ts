import { Type, type Static } from '@sinclair/typebox'
import { Integration } from '../../service/widget/schemas.js'
import { CATEGORIES } from '../../base/catalogue/categories.js'
import { EndUserFields } from '../../base/accounts/schemas.js'
import { BoundedName, BoundedText, Nullable } from '../../base/dialect/schemas.js'

/** A linked account as the control API shows it: its state, and its account token once it finished linking. */
export const ControlAccount = Type.Object({
  id: Type.String(),
  category: Type.String(),
  ...EndUserFields,
  status: Type.String({ description: 'COMPLETE, INCOMPLETE, RELINK_NEEDED or IDLE' }),
  integration: Nullable(Type.String()),
  integration_slug: Nullable(Type.String()),
  account_type: Type.String(),
  account_token: Nullable(Type.String({ description: 'null until the account first finished linking' })),
  webhook_listener_url: Type.String(),
  created_at: Type.String({ format: 'date-time' }),
  completed_at: Nullable(Type.String({ format: 'date-time' }))
}, { title: 'control.LinkedAccount' })
export type ControlAccount = Static<typeof ControlAccount>

export const ControlAccountList = Type.Object({ results: Type.Array(ControlAccount) })

export const NewAccountBody = Type.Object({
  category: Type.Union(CATEGORIES.map((c) => Type.Literal(c))),
  end_user_origin_id: BoundedName(),
  integration: Type.Optional(BoundedText('name', { description: 'slug; default: the category\'s first integration' })),
  end_user_email_address: Type.Optional(BoundedText('email')),
  end_user_organization_name: Type.Optional(BoundedText('name'))
}, { additionalProperties: false })
export type NewAccountBody = Static<typeof NewAccountBody>

export const LinkTokenParams = Type.Object({ link_token: Type.String({ minLength: 1 }) })

export const CompleteBody = Type.Object({
  outcome: Type.Optional(Type.Union([Type.Literal('success'), Type.Literal('exit'), Type.Literal('error')], { description: 'default success' })),
  integration: Type.Optional(Type.String({ description: 'slug the end user picks; default: the first one offered' })),
  error: Type.Optional(Type.String({ description: 'with outcome error: invalid_credentials (default), mfa_required, insufficient_permissions, account_locked, password_expired, or any other kind' }))
}, { additionalProperties: false })
export type CompleteBody = Static<typeof CompleteBody>


const CompleteErrors = Type.Array(Type.Object({ detail: Type.String(), problem_type: Type.String() }), { description: 'what onValidationError receives, on outcome error' })

/**
 * One form per outcome, so a typed client narrows on `outcome`: a success always carries the public token and
 * the integration (the documented flow exchanges the token without a non-null assertion), the others never do.
 */
export const CompleteResult = Type.Union([
  Type.Object({
    outcome: Type.Literal('success'),
    public_token: Type.String({ description: 'exchange it for the account token' }),
    linked_account_id: Type.String(),
    integration: Integration,
    is_relink: Type.Boolean(),
    errors: CompleteErrors
  }),
  Type.Object({
    outcome: Type.Union([Type.Literal('exit'), Type.Literal('error')]),
    public_token: Type.Null(),
    linked_account_id: Type.String(),
    integration: Type.Null(),
    is_relink: Type.Literal(false),
    errors: CompleteErrors
  })
])

export const EventList = Type.Object({
  results: Type.Array(Type.Object({
    id: Type.String(),
    event: Type.String(),
    linked_account_id: Type.String(),
    data: Type.Record(Type.String(), Type.Unknown()),
    created_at: Type.String({ format: 'date-time' }),
    due_at: Type.String({ format: 'date-time' }),
    delivered_at: Nullable(Type.String({ format: 'date-time' }))
  }))
})
