import { categoryInfo } from '../../base/catalogue/categories.js'

/**
 * Webhook model names: in some categories the real service prefixes the common model's name in event
 * names (CRMAccount.synced, FileStorageFile.synced, TicketingAccount.synced ...), to tell apart models that
 * share a name across categories. Which ones is data (fixtures/unified-categories.json, from the facts file,
 * section 10).
 */
export function webhookModelName (category: string, modelName: string): string {
  const p = categoryInfo(category)?.webhook_model_prefix
  return p?.models.includes(modelName) === true ? p.prefix + modelName : modelName
}

export const SYNCED_SUFFIX = '.synced'
