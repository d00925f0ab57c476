import { KitError } from '../errors.js'

/**
 * What `--app-page` and its companions ask of the kit: the integrator's page, what makes the browser a
 * logged-in user of it, how to find the connect control, and which words the page must not show.
 */
export interface PageOptions {
  /** The page with the connect control, e.g. http://127.0.0.1:3100/ (--app-page). */
  readonly appPage?: string
  /**
   * What makes the browser a logged-in user (--page-login): `cookie:NAME=VALUE`, `header:Name: value`, or
   * `url:LOGIN_URL field=value field=value` (a login form: the fields filled in by name, then submitted).
   * The page's user must be of an organisation of its own: not one of the --app-header users.
   */
  readonly pageLogin?: string
  /** The connect control, when the kit cannot find it by role and name: its accessible name or a CSS selector (--page-connect). */
  readonly pageConnect?: string
  /** The reconnect control, likewise (--page-reconnect); by default a button named "Reconnect …". */
  readonly pageReconnect?: string
  /** The control that removes the connection, likewise (--page-delete); by default a button "Disconnect …", "Delete …" or "Remove …". */
  readonly pageDelete?: string
  /** More words the page must not show, for a white-label product (--page-words a,b). */
  readonly pageWords?: readonly string[]
  /** Where each failed page check's screenshot is written (`<check id>.png`): the JUnit file's folder on the command line. */
  readonly pageShots?: string
}

export type PageLogin =
  | { readonly kind: 'none' }
  | { readonly kind: 'cookie', readonly name: string, readonly value: string }
  | { readonly kind: 'header', readonly name: string, readonly value: string }
  | { readonly kind: 'form', readonly url: string, readonly fields: ReadonlyArray<readonly [string, string]> }

export interface PageSettings {
  readonly url: string
  readonly login: PageLogin
  readonly connect: string | undefined
  readonly reconnect: string | undefined
  readonly remove: string | undefined
  readonly words: readonly string[]
  readonly shots: string | undefined
}

/** The service's name and the token and key names the spec keeps out of the end user's sight (User interface). */
export const SERVICE_WORDS = ['Merge', 'link token', 'public token', 'account token', 'API key'] as const

const LOGIN_FORMS = "--page-login must be 'cookie:NAME=VALUE', 'header:Name: value' or 'url:LOGIN_URL field=value ...'"

/** `--page-login` as the kit uses it; a KitError naming the three forms for anything else. */
export function parsePageLogin (text: string | undefined): PageLogin {
  if (text === undefined || text.trim() === '') return { kind: 'none' }
  const colon = text.indexOf(':')
  const kind = text.slice(0, colon).trim().toLowerCase()
  const rest = text.slice(colon + 1).trim()
  if (kind === 'cookie') {
    const m = /^([^=;\s]+)=([^;]*)$/.exec(rest)
    if (m !== null) return { kind: 'cookie', name: m[1]!, value: m[2]! }
  } else if (kind === 'header') {
    const m = /^([A-Za-z0-9!#$%&'*+.^_`|~-]+)\s*:\s*(.*)$/.exec(rest)
    if (m !== null) return { kind: 'header', name: m[1]!, value: m[2]! }
  } else if (kind === 'url') {
    const [url, ...pairs] = rest.split(/\s+/)
    const fields = pairs.map((p) => p.split('=')).filter((p) => p.length >= 2).map((p) => [p[0]!, p.slice(1).join('=')] as const)
    if (url !== undefined && /^https?:\/\//.test(url) && fields.length === pairs.length) return { kind: 'form', url, fields }
  }
  throw new KitError(`${LOGIN_FORMS}, got '${text}'`)
}

/** The page settings, or undefined without --app-page (every page check is then not applicable). */
export function pageSettingsOf (o: PageOptions): PageSettings | undefined {
  if (o.appPage === undefined || o.appPage.trim() === '') {
    if ([o.pageLogin, o.pageConnect, o.pageReconnect, o.pageDelete].some((v) => v !== undefined)) throw new KitError('--page-login, --page-connect, --page-reconnect and --page-delete need --app-page URL (the page with the connect control)')
    return undefined
  }
  let url: URL
  try {
    url = new URL(o.appPage)
  } catch {
    throw new KitError(`--app-page must be the URL of the page with the connect control, such as http://127.0.0.1:3100/, got '${o.appPage}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new KitError(`--app-page must be an http or https URL, got '${o.appPage}'`)
  const given = (v: string | undefined): string | undefined => v === undefined || v.trim() === '' ? undefined : v.trim()
  return {
    url: url.href,
    login: parsePageLogin(o.pageLogin),
    connect: given(o.pageConnect),
    reconnect: given(o.pageReconnect),
    remove: given(o.pageDelete),
    words: [...SERVICE_WORDS, ...(o.pageWords ?? []).map((w) => w.trim()).filter((w) => w !== '')],
    shots: o.pageShots
  }
}
