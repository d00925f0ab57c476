import { readPackageJsonFile } from '../../../core/fixtures.js'
import { accountIntegration } from '../../base/accounts/account-views.js'
import type { AccountIntegration } from '../../base/accounts/schemas.js'
import type { LinkedAccount } from '../../base/accounts/linked-account.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import { ScopeService } from '../scopes/scope-service.js'

export interface ModelOperation {
  model_name: string
  available_operations: string[]
  required_post_parameters: string[]
  supported_fields: string[]
}

export interface AvailableActions {
  integration: AccountIntegration
  passthrough_available: boolean
  available_model_operations: ModelOperation[]
}

type Fixture = Record<string, Record<string, { passthrough: boolean, models: ModelOperation[] }>>

/**
 * GET available-actions (facts §10): what the account's integration does, per fixtures/available-actions.json
 * (derived from integration-support.json by scripts/derive-available-actions.mjs). A read-only model lists
 * the fields of the catalogue as supported; an integration the facts do not cover supports no operation.
 */
export class AvailableActionsService {
  readonly #catalogue: Catalogue

  constructor (catalogue: Catalogue) {
    this.#catalogue = catalogue
  }

  forAccount (account: LinkedAccount): AvailableActions {
    const integration = accountIntegration(account)
    const name = integration?.name ?? account.integrationName ?? ''
    // Read on the first call, not when the app is built: 270 KB of JSON parsed and frozen (several ms) that a
    // cold start paid before its first request, for one route few clients call.
    const support = readPackageJsonFile<Fixture>('fixtures/available-actions.json')[account.category]?.[name]
    const operations = (support?.models ?? []).map((m): ModelOperation => {
      const model = this.#catalogue.byId(`${account.category}.${m.model_name}`)
      const fields = m.supported_fields.length > 0 || model === undefined ? m.supported_fields : ScopeService.scopableFields(model)
      return { ...m, available_operations: [...m.available_operations], required_post_parameters: [...m.required_post_parameters], supported_fields: [...fields] }
    })
    return {
      integration: integration ?? { name, categories: [account.category], image: null, square_image: null, color: '#000000', slug: account.integrationSlug ?? '' },
      passthrough_available: support?.passthrough ?? false,
      available_model_operations: operations
    }
  }
}
