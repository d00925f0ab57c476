import type { RecordState } from './record-state.js'
import type { Rule } from './rule.js'
import { companyAt, emailLocal } from './values.js'

/** Links: pictures, web sites, profiles and the pages of records in the remote system's web app. */

/** The page of a record in the remote system, e.g. `https://acmeco.example-crm.com/contact/12001`. */
function recordUrl (r: RecordState, kind: string): string {
  return `https://${r.account.company.domain.replace('.com', '')}.example-${r.owner.category}.com/${kind}/${r.remoteId()}`
}

export const LINKS: readonly Rule[] = [
  // A URL object's value is a profile, not a page of the remote system: before record-url.
  {
    name: 'profile-url',
    when: { field: 'value', type: 'string', model: 'Url' },
    make: () => (r) => `https://www.linkedin.com/in/${emailLocal(r.person()).replace('.', '-')}`
  },
  { name: 'avatar', when: { field: 'avatar', type: 'string' }, make: () => (r) => `https://avatars.example.com/${emailLocal(r.person())}.png` },
  { name: 'person-website', when: { field: 'website', type: 'string', person: true }, make: () => (r) => `https://www.${r.account.company.domain}` },
  { name: 'company-website', when: { field: 'website', type: 'string' }, make: () => (r) => `https://www.${companyAt(r.h).domain}` },
  {
    name: 'record-url',
    when: [{ field: /_url$/, type: 'string' }, { type: 'string', format: 'uri' }],
    make: (c) => { const kind = c.field.name.replace(/_url$/, ''); return (r) => recordUrl(r, kind) }
  },
  { name: 'urls', when: { field: 'urls', type: 'string-list' }, make: () => (r) => [`https://www.${r.account.company.domain}`] }
]
