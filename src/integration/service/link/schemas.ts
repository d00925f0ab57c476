import { Type, type Static } from '@sinclair/typebox'
import { AccountIntegration } from '../../base/accounts/schemas.js'
import { BoundedName, BoundedText, Nullable } from '../../base/dialect/schemas.js'

/**
 * POST /api/{category}/v1/link-token. Both the spec's body (end_user_origin_id, integration_category,
 * integration) and the real service's EndUserDetailsRequest are accepted; fields not listed are ignored.
 * Only end_user_origin_id is required: the spec requires nothing else.
 */
export const LinkTokenBody = Type.Object({
  end_user_origin_id: BoundedName({ description: 'the integrator\'s permanent id of this integration; reuse it on retries' }),
  end_user_email_address: Type.Optional(Nullable(BoundedText('email'))),
  end_user_organization_name: Type.Optional(Nullable(BoundedText('name'))),
  integration_category: Type.Optional(Type.String({ description: 'the spec\'s body: must equal the path\'s category' })),
  categories: Type.Optional(Type.Array(Type.String(), { description: 'the real service\'s body; the path\'s category is the account\'s' })),
  integration: Type.Optional(Nullable(BoundedText('name', { description: 'slug: limit the widget to this one integration' }))),
  link_expiry_mins: Type.Optional(Type.Integer({ description: 'default 30; 30 to 720, or to 10080 with should_create_magic_link_url' })),
  should_create_magic_link_url: Type.Optional(Nullable(Type.Boolean())),
  hide_admin_magic_link: Type.Optional(Nullable(Type.Boolean())),
  common_models: Type.Optional(Nullable(Type.Array(Type.Object({
    model_id: Type.String(),
    enabled_actions: Type.Array(Type.String()),
    disabled_fields: Type.Array(Type.String())
  })))),
  category_common_model_scopes: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  language: Type.Optional(Nullable(Type.String())),
  are_syncs_disabled: Type.Optional(Nullable(Type.Boolean())),
  integration_specific_config: Type.Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  linked_destination_id: Type.Optional(Nullable(Type.String())),
  ekm_enabled: Type.Optional(Type.Boolean())
})
export type LinkTokenBody = Static<typeof LinkTokenBody>

export const LinkTokenResponse = Type.Object({
  link_token: Type.String(),
  integration_name: Nullable(Type.String({ description: 'set when the widget offers a single integration (preselected, or the account\'s on a relink)' })),
  magic_link_url: Nullable(Type.String({ description: 'set when should_create_magic_link_url is true' }))
})

/** The exchange's answer, in the real service's AccountToken shape. */
export const AccountTokenResponse = Type.Object({
  account_token: Type.String(),
  integration: AccountIntegration,
  id: Type.String({ description: 'the linked account id' })
})

export const PublicTokenParams = Type.Object({ public_token: Type.String({ minLength: 1 }) })
export type PublicTokenParams = Static<typeof PublicTokenParams>

export const CreateLinkTokenExchangeBody = Type.Object({
  public_token: Type.String({ minLength: 1, description: 'the public token the link flow handed to onSuccess' })
})
export type CreateLinkTokenExchangeBody = Static<typeof CreateLinkTokenExchangeBody>
