import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Test } from 'tap'

export interface Received {
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly raw: string
  readonly json: any
  /** The signature checked with the webhooks guide's recipe and the key the receiver was given. */
  readonly verified: boolean
}

/** What the receiver answers to the n-th request (0-based): a status (with headers), or 'hang' (never answer). */
export type Behaviour = (n: number, body: any) => number | { status: number, headers: Record<string, string> } | 'hang'

/** The webhooks guide's verification recipe, verbatim: compare without '=' padding, in constant time. */
export function verifySignature (key: string, rawBody: Buffer, header: string | undefined): boolean {
  if (header === undefined) return false
  const expected = Buffer.from(createHmac('sha256', key).update(rawBody).digest('base64url'))
  const given = Buffer.from(header.replace(/=+$/, ''))
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** A webhook receiver on 127.0.0.1, closed when the test ends. */
export async function startReceiver (t: Test, behaviour: Behaviour = () => 200) {
  const received: Received[] = []
  /** What happened, in order: `received /path`, `answered /path`, `abandoned /path` (the client gave up on a hanging request). */
  const timeline: string[] = []
  let key = ''
  let n = 0
  const hanging: ServerResponse[] = []
  const waiters: Array<{ count: number, resolve: () => void }> = []
  const watchers: Array<{ event: string, resolve: () => void }> = []
  const note = (event: string): void => {
    timeline.push(event)
    for (const w of watchers.filter((x) => x.event === event)) { watchers.splice(watchers.indexOf(w), 1); w.resolve() }
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const header = req.headers['x-merge-webhook-signature']
      const json = JSON.parse(raw.toString('utf8'))
      received.push({ path: req.url ?? '', headers: req.headers, raw: raw.toString('utf8'), json, verified: verifySignature(key, raw, typeof header === 'string' ? header : undefined) })
      note(`received ${req.url ?? ''}`)
      for (const w of waiters.filter((x) => received.length >= x.count)) { waiters.splice(waiters.indexOf(w), 1); w.resolve() }
      const answer = behaviour(n++, json)
      if (answer === 'hang') {
        hanging.push(res)
        res.once('close', () => { note(`abandoned ${req.url ?? ''}`) })
        return
      }
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end('{"ok":true}')
      note(`answered ${req.url ?? ''}`)
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
    timeline,
    setKey: (k: string) => { key = k },
    /** Resolves once `count` requests have arrived: for the real clock, where nothing is advanced. */
    arrived: (count: number) => new Promise<void>((resolve) => {
      if (received.length >= count) resolve(); else waiters.push({ count, resolve })
    }),
    events: () => received.map((r) => r.json.hook.event as string),
    /** Resolves once `event` (e.g. `abandoned /slow`) is in the timeline: what happens on sockets, not on a clock. */
    until: (event: string) => new Promise<void>((resolve) => {
      if (timeline.includes(event)) resolve(); else watchers.push({ event, resolve })
    })
  }
}
