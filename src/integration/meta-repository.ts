import type { Db } from '../store/database.js'

/**
 * Ids and tokens come from the seeded random stream, so a seed reproduces them; but a file database
 * reopened with the same seed would then mint the same tokens again. Each opening bumps a generation
 * that is mixed into the stream's label: a fresh (or reset) database is generation 1, reproducibly.
 */
export class MetaRepository {
  readonly #bump
  readonly #clear

  constructor (db: Db) {
    this.#bump = db.prepare(`INSERT INTO integration_meta (key, value) VALUES ('generation', 1)
      ON CONFLICT (key) DO UPDATE SET value = value + 1 RETURNING value`).pluck()
    this.#clear = db.prepare("DELETE FROM integration_meta WHERE key = 'generation'")
  }

  nextGeneration (): number {
    return this.#bump.get() as number
  }

  clear (): void { this.#clear.run() }
}
