import type { Backend, User } from '../backend.js'
import type { PageDriver } from './driver.js'

/**
 * The page's own user as the kit calls the backend (its check-sync-status, its listing): the --page-login
 * cookie or header, or the cookies the login form left in the browser. The page's user is of an organisation
 * of its own, so the kit's --app-header users cannot stand in for it.
 */
export async function pageUser (driver: PageDriver, backend: Backend): Promise<User> {
  const login = driver.settings.login
  const name = 'the page\'s user'
  if (login.kind === 'cookie') return { name, headers: { cookie: `${login.name}=${login.value}` } }
  if (login.kind === 'header') return { name, headers: { [login.name]: login.value } }
  const cookies = await driver.page.context().cookies(backend.url('/'))
  return { name, headers: cookies.length === 0 ? {} : { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } }
}
