import type { FieldDef } from '../../../base/catalogue/catalogue.js'
import type { OwnerInfo } from './record-state.js'

/** Share of records whose nullable field is null, where the real systems often leave it empty. */
const NULL_SHARE: Readonly<Record<string, number>> = {
  middle_name: 0.7,
  preferred_name: 0.8,
  street_2: 0.7,
  personal_email: 0.3,
  mobile_phone_number: 0.2,
  avatar: 0.4,
  custom_fields: 0.6,
  employee_note: 0.7,
  memo: 0.4,
  description: 0.15,
  parent_team: 0.4,
  parent_group: 0.5,
  parent_category: 0.6,
  parent_account: 0.6,
  parent_folder: 0.3,
  parent_ticket: 0.8,
  parent_article: 0.8,
  parent_container: 0.4,
  parent_collection: 0.6,
  converted_contact: 0.7,
  converted_account: 0.7,
  reject_reason: 0.7,
  closed_at: 0.4,
  completed_at: 0.4,
  rejected_at: 0.8,
  checksum: 0.5
}

/** The value an email, phone or URL object exists for: never null in such an object. */
const SUB_PRIMARY = new Set(['value', 'email_address', 'phone_number', 'number'])

export function nullShare (field: FieldDef, owner?: OwnerInfo): number {
  if (owner?.isSub === true && SUB_PRIMARY.has(field.name)) return 0
  return Object.hasOwn(NULL_SHARE, field.name) ? NULL_SHARE[field.name]! : field.shape.t === 'ref' ? 0.05 : 0.02
}
