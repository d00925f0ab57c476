import { BlockList, isIP } from 'node:net'

/**
 * Where unimock never POSTs a webhook unless told to (--webhook-allow-private): it runs as a service container
 * in cloud CI, and anyone who can reach it could otherwise make it send signed bodies, with retries, to the
 * instance metadata service (#53). Refused: link-local addresses (169.254.0.0/16, fe80::/10: where the cloud
 * metadata services of AWS, GCP, Azure, Oracle and DigitalOcean live, and ECS/EKS credentials), the metadata
 * services' other addresses and names, and the unspecified addresses (0.0.0.0/8 and ::, which reach this
 * machine's own services). Loopback and the private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) stay
 * allowed: that is where integrators' backends live in CI.
 *
 * Pure: a host as a URL gives it, or an address as a resolver gives it, in; the reason it is refused, or
 * undefined, out.
 */

/** Metadata services by name, lower case, without a trailing dot. */
const METADATA_NAMES = new Map<string, string>([
  ['metadata.google.internal', 'GCP'],
  ['metadata.goog', 'GCP'],
  ['metadata', 'GCP'],
  ['instance-data', 'AWS'],
  ['instance-data.ec2.internal', 'AWS'],
  ['metadata.azure.com', 'Azure'],
  ['metadata.tencentyun.com', 'Tencent Cloud']
])

/** Metadata services by address (a link-local one is named as the service rather than as link-local). */
const METADATA_ADDRESSES = ([
  ['169.254.169.254', 'ipv4', 'AWS, GCP, Azure, Oracle, DigitalOcean'],
  ['169.254.170.2', 'ipv4', 'AWS ECS task credentials'],
  ['169.254.170.23', 'ipv4', 'AWS EKS pod identity'],
  ['fd00:ec2::254', 'ipv6', 'AWS, over IPv6'],
  ['fd00:ec2::23', 'ipv6', 'AWS EKS pod identity, over IPv6'],
  ['100.100.100.200', 'ipv4', 'Alibaba Cloud']
] as const).map(([address, type, service]) => {
  const list = new BlockList()
  list.addAddress(address, type)
  return { list, service }
})

function blockList (subnets: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6']>): BlockList {
  const list = new BlockList()
  for (const [network, prefix, type] of subnets) list.addSubnet(network, prefix, type)
  return list
}

// BlockList also matches an IPv4 address written as IPv6 (::ffff:169.254.169.254) against an IPv4 rule.
const LINK_LOCAL = blockList([['169.254.0.0', 16, 'ipv4'], ['fe80::', 10, 'ipv6']])
const UNSPECIFIED = blockList([['0.0.0.0', 8, 'ipv4'], ['::', 128, 'ipv6']])

const bare = (host: string): string => host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '').toLowerCase()

/**
 * What an IP address is, when a webhook may not go to it ("a link-local address (...)"), or undefined; in
 * words that follow "X is" or "X resolves to Y,".
 */
export function refusedAddress (address: string): string | undefined {
  const ip = bare(address)
  const family = isIP(ip)
  if (family === 0) return undefined
  const type = family === 4 ? 'ipv4' : 'ipv6'
  for (const { list, service } of METADATA_ADDRESSES) if (list.check(ip, type)) return `a cloud metadata service (${service})`
  if (LINK_LOCAL.check(ip, type)) return 'a link-local address (169.254.0.0/16, fe80::/10), where cloud metadata services live'
  if (UNSPECIFIED.check(ip, type)) return 'an unspecified address (0.0.0.0/8, ::), which reaches this machine\'s own services'
  return undefined
}

/** Why a webhook may not go to this host (a name or an address, as a URL's hostname gives it), or undefined. */
export function refusedHost (host: string): string | undefined {
  const name = bare(host)
  const service = METADATA_NAMES.get(name)
  if (service !== undefined) return `${name} is a cloud metadata service (${service})`
  const kind = refusedAddress(name)
  return kind === undefined ? undefined : `${name} is ${kind}`
}

/** Whether a host is an IP address (then it needs no resolving). */
export function isAddress (host: string): boolean {
  return isIP(bare(host)) !== 0
}

/** A host as a resolver takes it: no IPv6 brackets, no trailing dot, lower case. */
export const bareHost = bare

/**
 * Why a webhook target URL may not be used, or undefined, judged by its host as written (a name is resolved
 * at delivery). `{category}` stands in for any category; a URL that does not parse is left to the delivery,
 * which fails on it.
 */
export function refusedWebhookUrl (url: string): string | undefined {
  let host: string
  try {
    host = new URL(url.replaceAll('{category}', 'category')).hostname
  } catch {
    return undefined
  }
  return refusedHost(host)
}
