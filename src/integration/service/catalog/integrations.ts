import { appError } from '../../../core/errors.js'

/**
 * The third-party systems an end user can connect, per category, as the link widget lists them and as the
 * account-token response describes them (`AccountIntegration`: name, slug, categories, image, square_image,
 * color). Slugs, names and brand colours follow the real service's catalogue; logos are URLs in the style
 * of the real service's media bucket (unimock never fetches them).
 */

/** One third-party system an end user can connect, as the real widget and account-token response show it. */
export interface IntegrationInfo {
  readonly name: string
  readonly slug: string
  readonly categories: readonly string[]
  readonly image: string
  readonly square_image: string
  readonly color: string
}

const MEDIA = 'https://merge-api-production.s3.amazonaws.com/media'

function entry (name: string, slug: string, categories: readonly string[], color: string, file: string): IntegrationInfo {
  return Object.freeze({
    name,
    slug,
    categories: Object.freeze([...categories]),
    image: `${MEDIA}/${file}_Logo.png`,
    square_image: `${MEDIA}/${file}_Square_Logo.png`,
    color
  })
}

export const integrations: readonly IntegrationInfo[] = Object.freeze([
  // hris
  entry('BambooHR', 'bamboohr', ['hris'], '#73C41D', 'BambooHR'),
  entry('Workday', 'workday', ['hris', 'ats'], '#005CB9', 'Workday'),
  entry('Gusto', 'gusto', ['hris'], '#F45D48', 'Gusto'),
  entry('Rippling', 'rippling', ['hris'], '#502D3C', 'Rippling'),
  entry('ADP Workforce Now', 'adp-workforce-now', ['hris'], '#D0271D', 'ADP_Workforce_Now'),
  entry('Personio', 'personio', ['hris'], '#1C1C1C', 'Personio'),
  entry('HiBob', 'hibob', ['hris'], '#E5004B', 'HiBob'),
  entry('Namely', 'namely', ['hris'], '#00A8E1', 'Namely'),
  // ats
  entry('Greenhouse', 'greenhouse', ['ats'], '#24A47F', 'Greenhouse'),
  entry('Lever', 'lever', ['ats'], '#3B4D5F', 'Lever'),
  entry('Ashby', 'ashby', ['ats'], '#5A45E0', 'Ashby'),
  entry('Workable', 'workable', ['ats'], '#00C7B7', 'Workable'),
  entry('SmartRecruiters', 'smartrecruiters', ['ats'], '#0D8BFF', 'SmartRecruiters'),
  entry('iCIMS', 'icims', ['ats'], '#1B4C8F', 'iCIMS'),
  entry('Teamtailor', 'teamtailor', ['ats'], '#F4466B', 'Teamtailor'),
  // crm
  entry('Salesforce', 'salesforce', ['crm', 'ticketing'], '#00A1E0', 'Salesforce'),
  entry('HubSpot', 'hubspot', ['crm', 'ticketing', 'mktg'], '#FF7A59', 'HubSpot'),
  entry('Pipedrive', 'pipedrive', ['crm'], '#017737', 'Pipedrive'),
  entry('Microsoft Dynamics 365 Sales', 'microsoft-dynamics-365-sales', ['crm'], '#002050', 'Microsoft_Dynamics_365_Sales'),
  entry('Zoho CRM', 'zoho-crm', ['crm'], '#E42527', 'Zoho_CRM'),
  entry('Close', 'close', ['crm'], '#2E6BE6', 'Close'),
  entry('Copper', 'copper', ['crm'], '#FF4D2D', 'Copper'),
  // accounting
  entry('QuickBooks Online', 'quickbooks-online', ['accounting'], '#2CA01C', 'QuickBooks_Online'),
  entry('Xero', 'xero', ['accounting'], '#13B5EA', 'Xero'),
  entry('NetSuite', 'netsuite', ['accounting'], '#1B3A57', 'NetSuite'),
  entry('Sage Intacct', 'sage-intacct', ['accounting'], '#00D639', 'Sage_Intacct'),
  entry('FreshBooks', 'freshbooks', ['accounting'], '#0075DD', 'FreshBooks'),
  entry('Microsoft Dynamics 365 Business Central', 'microsoft-dynamics-365-business-central', ['accounting'], '#00B7C3', 'Microsoft_Dynamics_365_Business_Central'),
  entry('Zoho Books', 'zoho-books', ['accounting'], '#E42527', 'Zoho_Books'),
  // ticketing
  entry('Zendesk', 'zendesk', ['ticketing'], '#03363D', 'Zendesk'),
  entry('Jira', 'jira', ['ticketing'], '#0052CC', 'Jira'),
  entry('Freshdesk', 'freshdesk', ['ticketing'], '#25C16F', 'Freshdesk'),
  entry('ServiceNow', 'servicenow', ['ticketing'], '#62D84E', 'ServiceNow'),
  entry('Asana', 'asana', ['ticketing'], '#F06A6A', 'Asana'),
  entry('Linear', 'linear', ['ticketing'], '#5E6AD2', 'Linear'),
  entry('GitHub Issues', 'github-issues', ['ticketing'], '#24292F', 'GitHub_Issues'),
  // filestorage
  entry('Google Drive', 'google-drive', ['filestorage'], '#4285F4', 'Google_Drive'),
  entry('Dropbox', 'dropbox', ['filestorage'], '#0061FF', 'Dropbox'),
  entry('Box', 'box', ['filestorage'], '#0061D5', 'Box'),
  entry('SharePoint', 'sharepoint', ['filestorage', 'knowledgebase'], '#038387', 'SharePoint'),
  entry('OneDrive', 'onedrive', ['filestorage'], '#0078D4', 'OneDrive'),
  // knowledgebase
  entry('Confluence', 'confluence', ['knowledgebase'], '#1868DB', 'Confluence'),
  entry('Notion', 'notion', ['knowledgebase'], '#000000', 'Notion'),
  entry('Guru', 'guru', ['knowledgebase'], '#F15B2A', 'Guru'),
  entry('Zendesk Help Center', 'zendesk-help-center', ['knowledgebase'], '#03363D', 'Zendesk_Help_Center'),
  entry('Document360', 'document360', ['knowledgebase'], '#7B61FF', 'Document360')
])

const bySlug = new Map(integrations.map((i) => [i.slug, i]))

/** The integrations the widget offers for a category: those made for it first, then those that also serve it. */
export function integrationsFor (category: string): readonly IntegrationInfo[] {
  const serving = integrations.filter((i) => i.categories.includes(category))
  return [...serving.filter((i) => i.categories[0] === category), ...serving.filter((i) => i.categories[0] !== category)]
}

export function findIntegration (slug: string): IntegrationInfo | undefined {
  return bySlug.get(slug)
}

/** The catalogue entry for `slug` in `category`; the category's first integration when none is given. */
export function resolveIntegration (category: string, slug: string | null | undefined, field: string): IntegrationInfo {
  const offered = integrationsFor(category)
  if (slug === undefined || slug === null) return offered[0]!
  const found = findIntegration(slug)
  if (found === undefined || !found.categories.includes(category)) {
    throw appError('LINK_INTEGRATION_UNKNOWN', { field, slug, category, known: offered.map((i) => i.slug).join(', ') })
  }
  return found
}
