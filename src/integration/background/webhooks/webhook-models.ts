/**
 * Webhook model names: in some categories the real service prefixes the common model's name in event
 * names (CRMAccount.synced, FileStorageFile.synced, TicketingAccount.synced ...), to tell apart models that
 * share a name across categories. The list follows the facts file, section 10.
 */
const PREFIXED: Record<string, { prefix: string, models: readonly string[] }> = {
  crm: { prefix: 'CRM', models: ['Account', 'Contact', 'User'] },
  filestorage: { prefix: 'FileStorage', models: ['File', 'Folder', 'Drive', 'Group', 'User'] },
  knowledgebase: { prefix: 'KnowledgeBase', models: ['Article', 'Container', 'User', 'Group', 'Attachment'] },
  mktg: { prefix: 'MKTG', models: ['Campaign', 'Contact', 'List', 'Message', 'Template', 'MarketingEmail', 'Event', 'Automation', 'Action', 'User'] },
  ticketing: { prefix: 'Ticketing', models: ['Account', 'Contact', 'Team', 'Tag', 'Attachment', 'Viewer'] },
  accounting: { prefix: 'Accounting', models: ['Attachment', 'Employee', 'Period', 'PhoneNumber'] }
}

export function webhookModelName (category: string, modelName: string): string {
  const p = Object.hasOwn(PREFIXED, category) ? PREFIXED[category] : undefined
  return p?.models.includes(modelName) === true ? p.prefix + modelName : modelName
}

export const SYNCED_SUFFIX = '.synced'
