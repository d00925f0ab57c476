import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface Received {
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly raw: string
  readonly json: any
  /** The signature checked with the README's recipe and the key the receiver was given. */
  readonly verified: boolean
}

/** What the receiver answers to the n-th request (0-based): a status, or 'hang' (never answer). */
export type Behaviour = (n: number, body: any) => number | 'hang'

/** The README's verification recipe, verbatim: compare without '=' padding, in constant time. */
export function verifySignature (key: string, rawBody: Buffer, header: string | undefined): boolean {
  if (header === undefined) return false
  const expected = Buffer.from(createHmac('sha256', key).update(rawBody).digest('base64url'))
  const given = Buffer.from(header.replace(/=+$/, ''))
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** A webhook receiver on 127.0.0.1, closed when the test ends. */
export async function startReceiver (t: Test, behaviour: Behaviour = () => 200) {
  const received: Received[] = []
  let key = ''
  let n = 0
  const hanging: ServerResponse[] = []
  const waiters: Array<{ count: number, resolve: () => void }> = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const header = req.headers['x-merge-webhook-signature']
      const json = JSON.parse(raw.toString('utf8'))
      received.push({ path: req.url ?? '', headers: req.headers, raw: raw.toString('utf8'), json, verified: verifySignature(key, raw, typeof header === 'string' ? header : undefined) })
      for (const w of waiters.filter((x) => received.length >= x.count)) { waiters.splice(waiters.indexOf(w), 1); w.resolve() }
      const answer = behaviour(n++, json)
      if (answer === 'hang') { hanging.push(res); return }
      res.writeHead(answer, { 'content-type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  t.teardown(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return {
    url,
    received,
    setKey: (k: string) => { key = k },
    /** Resolves once `count` requests have arrived: for the real clock, where nothing is advanced. */
    arrived: (count: number) => new Promise<void>((resolve) => {
      if (received.length >= count) resolve(); else waiters.push({ count, resolve })
    }),
    events: () => received.map((r) => r.json.hook.event as string)
  }
}
