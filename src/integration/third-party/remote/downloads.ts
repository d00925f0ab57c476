import type { Readable } from 'node:stream'
import { appError } from '../../../core/errors.js'
import { between, hash32 } from '../../../core/hash.js'
import type { DataService } from '../data/service.js'
import { fileBytes } from './file-bytes.js'

/**
 * Export formats a `mime_type` download may ask for, by file extension as the real service takes them
 * (help.merge.dev: "mime_type takes a file extension"), with the Content-Type each is served as.
 */
export const EXPORT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  txt: 'text/plain',
  csv: 'text/csv',
  html: 'text/html'
}

/** The downloadable models: where a file's name, type and size are in its common model. */
const SOURCES = {
  file: { model: 'filestorage.File', name: 'name', type: 'mime_type', size: 'size' },
  attachment: { model: 'ticketing.Attachment', name: 'file_name', type: 'content_type', size: null }
} as const

export type DownloadKind = keyof typeof SOURCES

export interface Download {
  readonly fileName: string
  readonly contentType: string
  readonly size: number
  readonly body: Readable
}

/**
 * File downloads from the simulated third party: the bytes of a file the account's last sync saw (a file,
 * or a ticket's attachment), as a stream of `size` deterministic bytes. A folder, another account's file or
 * a deleted one is refused by the same lookup the retrieve endpoint uses.
 */
export class Downloads {
  readonly #data: DataService

  constructor (data: DataService) {
    this.#data = data
  }

  open (accountId: string, kind: DownloadKind, id: string, mimeType: string | undefined): Download {
    const record = this.meta(accountId, kind, id)
    let fileName = String(record[SOURCES[kind].name] ?? `file-${id}`)
    let contentType = String(record[SOURCES[kind].type] ?? 'application/octet-stream')
    if (mimeType !== undefined) {
      // Own keys only: a request value must never name what every plain object inherits (toString, __proto__).
      const exported = Object.hasOwn(EXPORT_TYPES, mimeType) ? EXPORT_TYPES[mimeType] : undefined
      if (exported === undefined) throw appError('DOWNLOAD_BAD_MIME_TYPE', { value: mimeType, allowed: Object.keys(EXPORT_TYPES).join(', ') })
      contentType = exported
      fileName = `${fileName.replace(/\.[^.]*$/, '')}.${mimeType}`
    }
    const sizeField = SOURCES[kind].size
    const stated = sizeField === null ? null : record[sizeField]
    // An attachment has no size in its common model; a file may have none: both get one from their id.
    const size = typeof stated === 'number' ? stated : between(hash32(`size:${id}`), 2_000, 500_000)
    return { fileName, contentType, size, body: fileBytes(id, size) }
  }

  /** The record behind a download; throws a 404 (or 400 for a folder's id) when there is none. */
  meta (accountId: string, kind: DownloadKind, id: string): Record<string, unknown> {
    const source = SOURCES[kind]
    const model = this.#data.catalogue.byId(source.model)
    if (model === undefined) throw new Error(`no ${source.model} in the catalogue`)
    let record: Record<string, unknown>
    try {
      record = this.#data.retrieve(accountId, model, id, {})
    } catch (err) {
      const folder = kind === 'file' ? this.#data.catalogue.byId('filestorage.Folder') : undefined
      if (folder !== undefined && this.#data.record(accountId, folder, id) !== undefined) throw appError('DOWNLOAD_FOLDER', { id })
      throw err
    }
    if (record.remote_was_deleted === true) throw appError('DOWNLOAD_DELETED', { model: model.name, id })
    return record
  }
}
