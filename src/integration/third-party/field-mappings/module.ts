import type { Clock } from '../../../core/clock.js'
import type { DomainModule } from '../../../core/domain-module.js'
import type { Emitter } from '../../../core/events.js'
import type { Ids } from '../../../core/ids.js'
import type { Db } from '../../../store/database.js'
import type { Catalogue } from '../../base/catalogue/catalogue.js'
import type { RemoteEvents } from '../remote/remote-events.js'
import { FieldMappingRepository } from './field-mapping-repository.js'
import { FieldMappings } from './field-mappings.js'

/** Field mappings: built before the data service, which fills each record's field_mappings through them. */
export function fieldMappingsModule (d: { db: Db, catalogue: Catalogue, ids: Ids, clock: Clock, events: Emitter<RemoteEvents> }): { fieldMappings: FieldMappings, module: DomainModule } {
  const fieldMappings = new FieldMappings({ repo: new FieldMappingRepository(d.db), catalogue: d.catalogue, ids: d.ids, clock: d.clock, events: d.events })
  return { fieldMappings, module: { reset: () => { fieldMappings.clear() } } }
}
