import { readPackageJsonFile } from '../core/fixtures.js'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import type { Db } from '../store/database.js'
import { PLANT_STATUSES } from './plant-input.js'
import type { PlantRepository } from './plant-repository.js'
import type { UserRepository } from './user-repository.js'

const SeedFile = Type.Object({
  plants: Type.Array(Type.Object({
    id: Type.Integer({ minimum: 1 }),
    name: Type.String(),
    category: Type.String(),
    tags: Type.Array(Type.String()),
    status: Type.Union(PLANT_STATUSES.map((s) => Type.Literal(s)))
  })),
  users: Type.Array(Type.Object({
    id: Type.Integer({ minimum: 1 }),
    username: Type.String({ minLength: 1 }),
    email: Type.String(),
    firstName: Type.String(),
    lastName: Type.String(),
    phone: Type.String(),
    userStatus: Type.Integer()
  }))
})
export type PlantSeed = Static<typeof SeedFile>

const SEED_FILE = 'fixtures/plant-seed.json'

/** Reads and checks fixtures/plant-seed.json. */
export function loadPlantSeed (): PlantSeed {
  const seed = readPackageJsonFile<unknown>(SEED_FILE)
  // Check is the cheap question; the first error is worked out only for a file that fails it.
  const first = Value.Check(SeedFile, seed) ? undefined : Value.Errors(SeedFile, seed).First()
  if (first !== undefined) throw new Error(`${SEED_FILE} is invalid at ${first.path || '/'}: ${first.message}`)
  return seed as PlantSeed
}

/** Replaces every plant, user and session with the seed, in one transaction. */
export function restoreSeed (db: Db, seed: PlantSeed, plants: PlantRepository, users: UserRepository): void {
  // Saves queued before the reset came before it: written first, outside its transaction.
  plants.flush()
  db.transaction(() => {
    plants.deleteAll()
    users.deleteAll()
    for (const p of seed.plants) {
      plants.save({ id: BigInt(p.id), name: p.name, category: JSON.stringify(p.category), status: p.status, tags: p.tags })
    }
    users.insertUsers(seed.users)
  })()
}

/** Seeds only a database that has never held plant-store data, so a file database keeps its changes across restarts. */
export function seedIfEmpty (db: Db, seed: PlantSeed, plants: PlantRepository, users: UserRepository): void {
  if (plants.count() === 0 && users.count() === 0) restoreSeed(db, seed, plants, users)
}
