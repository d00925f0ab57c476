import type { Statement } from 'better-sqlite3'
import type { Db } from '../../../store/database.js'

export interface StoredObject { readonly id: string, readonly classId: string, readonly remoteId: string, readonly fields: Record<string, unknown>, readonly createdAt: number }
export interface StoredType { readonly id: string, readonly classId: string, readonly remoteId: string, readonly body: Record<string, unknown>, readonly createdAt: number }
export interface StoredAssociation { readonly sourceObject: string, readonly targetObject: string, readonly associationType: string, readonly createdAt: number, readonly modifiedAt: number }

/** SQL of the custom objects, association types and associations written through the API. */
export class CustomObjectRepository {
  readonly #insertObject: Statement
  readonly #objects: Statement
  readonly #insertType: Statement
  readonly #types: Statement
  readonly #upsertAssociation: Statement
  readonly #associations: Statement
  readonly #forgetAccount: Statement[]
  readonly #clear: Statement[]

  constructor (db: Db) {
    this.#insertObject = db.prepare('INSERT INTO crm_custom_objects (id, account_id, class_id, remote_id, fields, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    this.#objects = db.prepare('SELECT id, class_id, remote_id, fields, created_at FROM crm_custom_objects WHERE account_id = ? AND class_id = ? ORDER BY created_at, id')
    this.#insertType = db.prepare('INSERT INTO crm_association_types (id, account_id, class_id, remote_id, body, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    this.#types = db.prepare('SELECT id, class_id, remote_id, body, created_at FROM crm_association_types WHERE account_id = ? AND class_id = ? ORDER BY created_at, id')
    this.#upsertAssociation = db.prepare(`INSERT INTO crm_associations (account_id, source_object, target_object, association_type, created_at, modified_at) VALUES (?, ?, ?, ?, ?, ?)
      ON CONFLICT (account_id, source_object, target_object, association_type) DO UPDATE SET modified_at = excluded.modified_at`)
    this.#associations = db.prepare('SELECT source_object, target_object, association_type, created_at, modified_at FROM crm_associations WHERE account_id = ? AND source_object = ? ORDER BY created_at, target_object')
    const tables = ['crm_custom_objects', 'crm_association_types', 'crm_associations']
    this.#forgetAccount = tables.map((t) => db.prepare(`DELETE FROM ${t} WHERE account_id = ?`))
    this.#clear = tables.map((t) => db.prepare(`DELETE FROM ${t}`))
  }

  addObject (accountId: string, o: StoredObject): void {
    this.#insertObject.run(o.id, accountId, o.classId, o.remoteId, JSON.stringify(o.fields), o.createdAt)
  }

  objects (accountId: string, classId: string): StoredObject[] {
    return (this.#objects.all(accountId, classId) as Array<{ id: string, class_id: string, remote_id: string, fields: string, created_at: number }>)
      .map((r) => ({ id: r.id, classId: r.class_id, remoteId: r.remote_id, fields: JSON.parse(r.fields) as Record<string, unknown>, createdAt: r.created_at }))
  }

  addType (accountId: string, t: StoredType): void {
    this.#insertType.run(t.id, accountId, t.classId, t.remoteId, JSON.stringify(t.body), t.createdAt)
  }

  types (accountId: string, classId: string): StoredType[] {
    return (this.#types.all(accountId, classId) as Array<{ id: string, class_id: string, remote_id: string, body: string, created_at: number }>)
      .map((r) => ({ id: r.id, classId: r.class_id, remoteId: r.remote_id, body: JSON.parse(r.body) as Record<string, unknown>, createdAt: r.created_at }))
  }

  /** Answers the association as stored: a repeat keeps its created_at and moves modified_at. */
  putAssociation (accountId: string, a: Omit<StoredAssociation, 'modifiedAt'>, now: number): StoredAssociation {
    this.#upsertAssociation.run(accountId, a.sourceObject, a.targetObject, a.associationType, a.createdAt, now)
    return this.associations(accountId, a.sourceObject).find((x) => x.targetObject === a.targetObject && x.associationType === a.associationType)!
  }

  associations (accountId: string, sourceObject: string): StoredAssociation[] {
    return (this.#associations.all(accountId, sourceObject) as Array<{ source_object: string, target_object: string, association_type: string, created_at: number, modified_at: number }>)
      .map((r) => ({ sourceObject: r.source_object, targetObject: r.target_object, associationType: r.association_type, createdAt: r.created_at, modifiedAt: r.modified_at }))
  }

  forgetAccount (accountId: string): void {
    for (const s of this.#forgetAccount) s.run(accountId)
  }

  clear (): void {
    for (const s of this.#clear) s.run()
  }
}
