/**
 * A request target in the form the router and the interface registry compare: the origin-form path of an
 * absolute-form target (what a forward proxy sends: GET http://host/v3/plant/1) and percent-encoded unreserved
 * characters decoded in the path (/%763/plant is /v3/plant, RFC 3986 §6.2.2.2). Both are legal ways to send
 * the same target, so both must route, and fail, exactly as the plain form does.
 */
export function normalizeTarget (url: string): string {
  let target = url
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target)
  if (absolute !== null) {
    target = target.slice(absolute[0].length)
    if (!target.startsWith('/')) target = `/${target}`
  }
  const q = target.indexOf('?')
  const path = q < 0 ? target : target.slice(0, q)
  if (!path.includes('%')) return target
  const decoded = path.replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
    const c = String.fromCharCode(Number.parseInt(hex, 16))
    return /[A-Za-z0-9\-._~]/.test(c) ? c : encoded
  })
  return q < 0 ? decoded : decoded + target.slice(q)
}
