import { between, pick } from '../../../../core/hash.js'
import type { RecordState } from './record-state.js'
import type { Rule } from './rule.js'
import { FILE_KINDS, FOLDER_NAMES } from './words.js'

/** Files: one kind of file per record (a spreadsheet, a contract) decides its name, extension and MIME type. */

const FILE_MODELS = ['File', 'Attachment', 'AccountingAttachment']

function fileName (r: RecordState, kindSalt: number, wordSalt: number): string {
  const kind = pick(r.stable(kindSalt), FILE_KINDS)
  return `${pick(r.stable(wordSalt), kind.words)} ${r.index + 1}.${kind.ext}`
}

export const FILES: readonly Rule[] = [
  {
    name: 'file-name',
    when: [{ field: ['name', 'display_name'], type: 'string', model: FILE_MODELS }, { field: 'file_name', type: 'string' }],
    make: (c) => { const kind = c.salt('file-kind'); const word = c.salt('file-word'); return (r) => fileName(r, kind, word) }
  },
  {
    name: 'file-path',
    when: { field: 'path', type: 'string' },
    make: (c) => {
      const folder = c.salt('path')
      const kind = c.salt('file-kind')
      const word = c.salt('file-word')
      return (r) => `/${pick(r.stable(folder), FOLDER_NAMES)}/${fileName(r, kind, word)}`
    }
  },
  {
    name: 'mime-type',
    when: { field: ['mime_type', 'content_type'], type: 'string' },
    make: (c) => { const kind = c.salt('file-kind'); return (r) => pick(r.stable(kind), FILE_KINDS).mime }
  },
  {
    name: 'checksum',
    when: { field: 'checksum', type: 'string' },
    make: (c) => {
      const s = c.salt('checksum', 2)
      return (r) => (r.stable(s) >>> 0).toString(16).padStart(8, '0') + (r.varying(s + 1) >>> 0).toString(16).padStart(8, '0')
    }
  },
  {
    name: 'checksum-object',
    when: { field: 'checksum', type: 'object' },
    make: (c) => { const s = c.salt('sum'); return (r) => ({ type: 'sha256', value: (r.varying(s) >>> 0).toString(16).padStart(8, '0').repeat(8) }) }
  },
  { name: 'drive-size', when: { field: 'size', type: 'integer', model: 'Drive' }, make: (c) => { const s = c.fieldSalt(); return (r) => between(r.stable(s), 2_000, 2_000_000_000) } },
  { name: 'file-size', when: { field: 'size', type: 'integer' }, make: (c) => { const s = c.fieldSalt(); return (r) => between(r.stable(s), 2_000, 25_000_000) } }
]
