/**
 * What end users read in the widget. The real widget speaks of the user's own systems ("Connect your HR
 * system"), never of the integration vendor, its API or its tokens, so neither does this one.
 */
const SYSTEM_LABELS: Readonly<Record<string, string>> = {
  hris: 'HR system',
  ats: 'recruiting system',
  accounting: 'accounting system',
  ticketing: 'ticketing system',
  crm: 'CRM',
  mktg: 'marketing platform',
  filestorage: 'file storage',
  knowledgebase: 'knowledge base'
}

/** "HR system" for hris; a neutral "account" for a category the widget has no wording for. */
export function systemLabel (category: string): string {
  return SYSTEM_LABELS[category] ?? 'account'
}
