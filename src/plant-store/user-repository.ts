import type { Statement } from 'better-sqlite3'
import type { Db } from '../store/database.js'

/** What GET /v3/user/:username answers. */
export interface PublicUser {
  readonly id: number
  readonly username: string
  readonly email: string
}

/** A seeded user: the reference seed's fields, of which only id, username and email are ever answered. */
export interface UserRecord extends PublicUser {
  readonly firstName: string
  readonly lastName: string
  readonly phone: string
  readonly userStatus: number
}

/** SQL for users and login sessions. */
export class UserRepository {
  readonly #db: Db
  readonly #byName: Statement<[string]>
  readonly #insertUser: Statement<[UserRecord]>
  readonly #count: Statement<[]>
  readonly #insertSession: Statement<[string, string, number]>
  readonly #sessionExpiry: Statement<[string]>
  readonly #deleteSession: Statement<[string]>
  readonly #deleteExpired: Statement<[number]>

  constructor (db: Db) {
    this.#db = db
    this.#byName = db.prepare<[string]>('SELECT id, username, email FROM users WHERE username = ?')
    this.#insertUser = db.prepare<[UserRecord]>(`
      INSERT INTO users (id, username, email, first_name, last_name, phone, user_status)
      VALUES (@id, @username, @email, @firstName, @lastName, @phone, @userStatus)`)
    this.#count = db.prepare<[]>('SELECT count(*) FROM users').pluck()
    this.#insertSession = db.prepare<[string, string, number]>(
      'INSERT INTO plant_sessions (token, username, expires_at) VALUES (?, ?, ?)')
    this.#sessionExpiry = db.prepare<[string]>('SELECT expires_at FROM plant_sessions WHERE token = ?').pluck()
    this.#deleteSession = db.prepare<[string]>('DELETE FROM plant_sessions WHERE token = ?')
    this.#deleteExpired = db.prepare<[number]>('DELETE FROM plant_sessions WHERE expires_at <= ?')
  }

  findByUsername (username: string): PublicUser | undefined {
    return this.#byName.get(username) as PublicUser | undefined
  }

  insertUsers (users: readonly UserRecord[]): void {
    this.#db.transaction(() => { for (const u of users) this.#insertUser.run(u) })()
  }

  count (): number {
    return this.#count.get() as number
  }

  /** Stores a session; sessions already expired at `now` are dropped on the way, so the table stays small. */
  addSession (token: string, username: string, expiresAt: number, now: number): void {
    this.#db.transaction(() => {
      this.#deleteExpired.run(now)
      this.#insertSession.run(token, username, expiresAt)
    })()
  }

  /** Epoch ms at which the session of `token` ends, or undefined for a token never issued or logged out. */
  sessionExpiry (token: string): number | undefined {
    return this.#sessionExpiry.get(token) as number | undefined
  }

  endSession (token: string): boolean {
    return this.#deleteSession.run(token).changes > 0
  }

  deleteAll (): void {
    this.#db.exec('DELETE FROM plant_sessions; DELETE FROM users')
  }
}
