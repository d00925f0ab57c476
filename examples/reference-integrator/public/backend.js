/**
 * The pages' calls to the reference backend (both pages: page.js and react/app.jsx): its routes under
 * /api/integrations, logged in by the demo cookie. A route that does not answer success is an Error with the
 * backend's own words.
 */
export const PREFIX = '/api/integrations'

export async function get (path) {
  const res = await fetch(PREFIX + path, { credentials: 'same-origin' })
  return res.ok ? await res.json() : { integrations: [] }
}

export async function post (path, body) {
  const res = await fetch(PREFIX + path, { method: 'POST', headers: { 'content-type': 'application/json' }, credentials: 'same-origin', body: JSON.stringify(body) })
  const answer = await res.json().catch(() => ({}))
  if (!res.ok || answer.success !== true) throw new Error(answer.error || `the server answered ${res.status}`)
  return answer
}
