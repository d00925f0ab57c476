import type { RunningUnimock } from '../../src/server.js'

/** POST to a running server's control API as a test suite would, failing loudly on anything but 2xx. */
export async function controlPost (server: RunningUnimock, apiKey: string, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${server.url}/_unimock${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`)
  return res.json()
}
