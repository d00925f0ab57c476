import type { Catalogue } from '../../../base/catalogue/catalogue.js'
import type { Generator } from '../fake/generator.js'
import type { DataSets } from '../records/data-sets.js'
import type { RecordBuilder } from '../records/record-builder.js'
import type { DataRepository } from '../records/repository.js'

/** What the parts of a read share: the catalogue, the stored rows and data sets, and how a record is built. */
export interface ReadParts {
  readonly catalogue: Catalogue
  readonly repo: DataRepository
  readonly sets: DataSets
  readonly generator: Generator
  readonly builder: RecordBuilder
}
