import { categoryInfo } from '../../base/catalogue/categories.js'

/**
 * What end users read in the widget. The real widget speaks of the user's own systems ("Connect your HR
 * system"), never of the integration vendor, its API or its tokens, so neither does this one. Each category's
 * words are data (fixtures/unified-categories.json).
 */

/** "HR system" for hris; a neutral "account" for a category the widget has no wording for. */
export function systemLabel (category: string): string {
  return categoryInfo(category)?.system ?? 'account'
}
