import { Type, type Static } from '@sinclair/typebox'
import { Nullable, PageSizeParam, Paginated } from '../dialect/schemas.js'

/** `AccountIntegration`, the integration object of the account-token response. */
export const AccountIntegration = Type.Object({
  name: Type.String(),
  categories: Type.Array(Type.String()),
  image: Nullable(Type.String()),
  square_image: Nullable(Type.String()),
  color: Type.String(),
  slug: Type.String()
})
export type AccountIntegration = Static<typeof AccountIntegration>

/** The end user of a linked account, as every shape of it shows them (account-details, linked-accounts, the control API). */
export const EndUserFields = {
  end_user_origin_id: Type.String(),
  end_user_organization_name: Nullable(Type.String()),
  end_user_email_address: Nullable(Type.String())
}

/** GET account-details: every field at the top level; `integration` is the display name. */
export const AccountDetails = Type.Object({
  id: Type.String({ format: 'uuid' }),
  integration: Nullable(Type.String()),
  integration_slug: Nullable(Type.String()),
  category: Type.String(),
  ...EndUserFields,
  status: Type.String({ description: 'COMPLETE, INCOMPLETE, RELINK_NEEDED or IDLE' }),
  webhook_listener_url: Type.String(),
  is_duplicate: Nullable(Type.Boolean()),
  account_type: Type.String({ description: 'TEST for test_ API keys, else PRODUCTION' }),
  completed_at: Nullable(Type.String({ format: 'date-time' }))
})
export type AccountDetails = Static<typeof AccountDetails>

/** Items of GET linked-accounts (`AccountDetailsAndActions`): here `integration` is an object. */
export const LinkedAccountItem = Type.Object({
  id: Type.String(),
  category: Type.String(),
  status: Type.String(),
  status_detail: Nullable(Type.String()),
  ...EndUserFields,
  // Both official clients require these two strings on every item (see linkedAccountItem).
  end_user_organization_name: Type.String(),
  end_user_email_address: Type.String(),
  subdomain: Nullable(Type.String()),
  webhook_listener_url: Type.String(),
  is_duplicate: Nullable(Type.Boolean()),
  integration: Nullable(Type.Object({
    name: Type.String(),
    categories: Type.Array(Type.String()),
    image: Nullable(Type.String()),
    square_image: Nullable(Type.String()),
    color: Type.String(),
    slug: Type.String(),
    passthrough_available: Type.Boolean()
  })),
  account_type: Type.String(),
  completed_at: Type.String({ format: 'date-time', description: 'when linking completed; for an INCOMPLETE account, when its link attempt began' }),
  integration_specific_fields: Type.Record(Type.String(), Type.Unknown())
})
export type LinkedAccountItem = Static<typeof LinkedAccountItem>

export const LinkedAccountPage = Paginated(LinkedAccountItem)

/** Query of GET linked-accounts, the real service's filters. Values are checked in the service for clear messages. */
export const LinkedAccountQuery = Type.Object({
  category: Type.Optional(Type.String()),
  cursor: Type.Optional(Type.String()),
  end_user_email_address: Type.Optional(Type.String()),
  end_user_organization_name: Type.Optional(Type.String()),
  end_user_origin_id: Type.Optional(Type.String()),
  end_user_origin_ids: Type.Optional(Type.String({ description: 'comma-separated' })),
  id: Type.Optional(Type.String()),
  ids: Type.Optional(Type.String({ description: 'comma-separated' })),
  include_duplicates: Type.Optional(Type.String({ description: 'accepted; unimock never marks duplicates' })),
  integration_name: Type.Optional(Type.String()),
  is_test_account: Type.Optional(Type.String({ description: 'present: only test accounts (false or 0: only production); absent: only production accounts, as the real service documents' })),
  page_size: Type.Optional(PageSizeParam()),
  status: Type.Optional(Type.String({ description: 'COMPLETE, INCOMPLETE, RELINK_NEEDED or IDLE' }))
})
export type LinkedAccountQuery = Static<typeof LinkedAccountQuery>

/** A linked account's id in a control API path (/_unimock/linked-accounts/{id}/...), for every domain that routes under it. */
export const AccountIdParams = Type.Object({ id: Type.String({ minLength: 1 }) })
