import { createHash } from 'node:crypto'
import { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import t from 'tap'
import { MergeClient } from '@mergeapi/merge-node-client'
import type { ConfigInput } from '../../../src/config.js'
import { CHUNK_BYTES, fileBytes } from '../../../src/integration/third-party/remote/file-bytes.js'
import { startUnimock } from '../../../src/server.js'
import { strictErrors } from '../../helpers/strict.js'
import { dataAccount, dataApp } from '../data/helpers.js'

const sha = (bytes: Buffer | string): string => createHash('sha256').update(bytes).digest('hex')

t.test('a file downloads as its size in deterministic bytes, with its type and name', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['filestorage.files=6', 'filestorage.folders=2'], dataChurn: 0 })
  const fs = await dataAccount(app, 'filestorage')
  const files = await fs.walk('/api/filestorage/v1/files', {}, 100)
  const file = files.find((f) => typeof f.size === 'number')!
  const res = await app.inject({ method: 'GET', url: `/api/filestorage/v1/files/${file.id as string}/download`, headers: fs.api.headers() })
  t.equal(res.statusCode, 200)
  t.equal(res.rawPayload.length, file.size, 'as many bytes as the file\'s size')
  t.equal(res.headers['content-length'], String(file.size))
  t.equal(res.headers['content-type'], file.mime_type, 'Content-Type is the file\'s mime_type')
  t.equal(res.headers['content-disposition'], `attachment; filename="${file.name as string}"`)
  const again = await app.inject({ method: 'GET', url: `/api/filestorage/v1/files/${file.id as string}/download`, headers: fs.api.headers() })
  t.equal(sha(again.rawPayload), sha(res.rawPayload), 'the same bytes every time')
  const other = files.find((f) => f.id !== file.id && typeof f.size === 'number')!
  const otherRes = await app.inject({ method: 'GET', url: `/api/filestorage/v1/files/${other.id as string}/download`, headers: fs.api.headers() })
  t.not(sha(otherRes.rawPayload.subarray(0, 1000)), sha(res.rawPayload.subarray(0, 1000)), 'another file has other bytes')

  const exported = await app.inject({ method: 'GET', url: `/api/filestorage/v1/files/${file.id as string}/download?mime_type=pdf`, headers: fs.api.headers() })
  t.equal(exported.headers['content-type'], 'application/pdf', 'mime_type asks for an export format')
  t.match(exported.headers['content-disposition'], /\.pdf"$/)

  const meta = await fs.api.get(`/api/filestorage/v1/files/${file.id as string}/download/request-meta`)
  t.equal(meta.statusCode, 200, meta.body)
  t.same(strictErrors('filestorage', 'DownloadRequestMeta', meta.json()), [], 'request-meta parses strictly')
  const url = new URL(meta.json().url as string)
  const direct = await app.inject({ method: meta.json().method, url: url.pathname + url.search, headers: meta.json().headers })
  t.equal(sha(direct.rawPayload), sha(res.rawPayload), 'the request-meta URL and headers download the same bytes')

  const list = await fs.api.get('/api/filestorage/v1/files/download/request-meta?page_size=4')
  t.same(strictErrors('filestorage', 'PaginatedDownloadRequestMetaList', list.json()), [], 'the paginated form parses strictly')
  t.equal(list.json().results.length, 4)
  t.ok(list.json().next, 'and pages')
  const byIds = (await fs.api.get(`/api/filestorage/v1/files/download/request-meta?ids=${file.id as string},${other.id as string}&mime_types=pdf,docx`)).json()
  t.same(byIds.results.map((m: { id: string }) => m.id), [file.id, other.id], 'ids picks the files')
  t.match(byIds.results[1].url, /mime_type=docx$/, 'each with its export format')

  const report = (await fs.control.get('/_unimock/report')).json()
  t.ok(report.findings.some((f: { code: string }) => f.code === 'repeated_downloads'), 'the integrator report names a file downloaded again and again')
})

t.test('what cannot be downloaded is a clear 4xx', async (t) => {
  const { app, clock } = await dataApp(t, { dataVolume: ['filestorage.files=5', 'filestorage.folders=2'], dataChurn: 0 })
  const fs = await dataAccount(app, 'filestorage')
  const other = await dataAccount(app, 'filestorage')
  const [folder] = await fs.walk('/api/filestorage/v1/folders', {}, 100)
  const [file] = await fs.walk('/api/filestorage/v1/files', {}, 100)
  const get = async (path: string, who = fs): Promise<{ status: number, detail: string }> => {
    const res = await who.api.get(path)
    return { status: res.statusCode, detail: res.json().detail }
  }
  const asFolder = await get(`/api/filestorage/v1/files/${folder!.id as string}/download`)
  t.equal(asFolder.status, 400)
  t.match(asFolder.detail, /is a folder/)
  t.equal((await get(`/api/filestorage/v1/files/${file!.id as string}/download`, other)).status, 404, 'another account\'s file')
  t.equal((await get('/api/filestorage/v1/files/00000000-0000-4000-8000-000000000000/download')).status, 404, 'an unknown id')
  const badType = await get(`/api/filestorage/v1/files/${file!.id as string}/download?mime_type=application/pdf`)
  t.equal(badType.status, 400)
  t.match(badType.detail, /file extension/)
  t.equal((await get(`/api/filestorage/v1/files/${file!.id as string}/download/request-meta?mime_type=zzz`)).status, 400, 'request-meta refuses what the download would')
  // Names every plain object has were looked up as formats: toString answered 500.
  for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']) {
    const inherited = await get(`/api/filestorage/v1/files/${file!.id as string}/download?mime_type=${name}`)
    t.equal(inherited.status, 400, `mime_type=${name} is an unknown format`)
    t.match(inherited.detail, /file extension/)
  }

  await fs.api.post('/api/filestorage/v1/passthrough', { method: 'DELETE', path: `/api/v1/files/${file!.remote_id as string}` })
  await clock.advanceBy(60_000)
  await fs.syncPass('filestorage.File')
  const deleted = await get(`/api/filestorage/v1/files/${file!.id as string}/download`)
  t.equal(deleted.status, 404, 'a deleted file')
  t.match(deleted.detail, /was deleted/)
})

t.test('ticket attachments download the same way', async (t) => {
  const { app } = await dataApp(t, { dataVolume: ['ticketing.attachments=3'], dataChurn: 0 })
  const tk = await dataAccount(app, 'ticketing')
  const [attachment] = await tk.walk('/api/ticketing/v1/attachments', {}, 100)
  const res = await app.inject({ method: 'GET', url: `/api/ticketing/v1/attachments/${attachment!.id as string}/download`, headers: tk.api.headers() })
  t.equal(res.statusCode, 200)
  t.equal(Number(res.headers['content-length']), res.rawPayload.length)
  t.ok(res.rawPayload.length > 0)
  if (attachment!.content_type !== null) t.equal(res.headers['content-type'], attachment!.content_type)
})

t.test('the official client downloads a file as a stream', async (t) => {
  const server = await startUnimock({ ...({ rateLimit: 'off' } as ConfigInput), dataVolume: ['filestorage.files=3'], dataChurn: 0 })
  t.teardown(() => server.close())
  const apiKey = 'test_downloads'
  const control = async (path: string, body: unknown): Promise<any> => (await fetch(`${server.url}/_unimock${path}`, {
    method: 'POST', headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(body)
  })).json()
  const account = await control('/linked-accounts', { category: 'filestorage', end_user_origin_id: 'dl' })
  await control(`/linked-accounts/${account.id as string}/data/sync-pass`, {})
  const merge = new MergeClient({ apiKey, accountToken: account.account_token, baseUrl: `${server.url}/api` })
  const page = await merge.filestorage.files.list({})
  const file = page.data.find((f) => typeof f.size === 'number')!
  const stream = await merge.filestorage.files.downloadRetrieve(file.id!)
  const hash = createHash('sha256')
  let bytes = 0
  for await (const chunk of stream) { hash.update(chunk as Buffer); bytes += (chunk as Buffer).length }
  t.equal(bytes, file.size, 'the client reads every byte')
  const expected = createHash('sha256')
  for await (const chunk of fileBytes(file.id!, file.size!)) expected.update(chunk as Buffer)
  t.equal(hash.digest('hex'), expected.digest('hex'), 'byte for byte the file\'s content')
  const meta = await merge.filestorage.files.downloadRequestMetaRetrieve(file.id!)
  t.match(meta.url, new RegExp(`/files/${file.id!}/download$`))
})

t.test('200 MB stream with at most two chunks buffered at any time', async (t) => {
  const size = 200 * 1024 * 1024
  const source = fileBytes('big-file', size)
  let most = 0
  let total = 0
  await pipeline(source, new Writable({
    highWaterMark: CHUNK_BYTES,
    write (chunk: Buffer, _enc, done) {
      total += chunk.length
      most = Math.max(most, source.readableLength)
      done()
    }
  }))
  t.equal(total, size, 'every byte is produced')
  t.ok(most <= 2 * CHUNK_BYTES, `the source never held more than two chunks (at most ${most} bytes)`)
})
