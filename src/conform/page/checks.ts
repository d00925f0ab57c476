import type { Kit } from '../kit.js'
import { fail, notApplicable, pass, type CheckDef, type Evidence, type Finding } from '../verdict.js'
import type { World } from '../world.js'
import type { Seen } from './browser.js'
import { answerField, routeRequests, type Step } from './scenario.js'
import type { Sighting } from './wording.js'

/**
 * The page checks' judgements, each over the steps of the end user's visit (scenario.ts) and by content: a
 * link token is matched to the create-link-token answer that carried it and to unimock's record of issuing it,
 * a public token to the exchange request that carried it, never a request to a click because it came after.
 */

export const PAGE = {
  wording: { id: 'page.business-wording', rule: 'What the service does 6: the end-user interface shows business wording only and never names the service, tokens or APIs' },
  fresh: { id: 'page.fresh-token-per-click', rule: 'Link widget (client side): each button click first obtains a fresh link token from the integrator\'s backend' },
  ready: { id: 'page.opens-when-ready', rule: 'Link widget (client side): openLink must be called explicitly, normally in onReady; initialize alone does not show the widget' },
  exit: { id: 'page.reset-on-exit', rule: 'Link widget (client side): on exit the client resets its button state' },
  error: { id: 'page.reset-on-error', rule: 'Link widget (client side): on error the client resets its button state' },
  exchange: { id: 'page.exchange-on-success', rule: 'Link widget (client side) and Integrator backend routes: onSuccess sends the public token to exchange-public-token once; the page shows the integration_name it answered' },
  reconnect: { id: 'page.reconnect', rule: 'Integrator-side record and Integrator backend routes: an account that needs relinking shows a reconnect control; it calls relink-integration and opens the widget with the token that answered, and the relink leaves one record' },
  delete: { id: 'page.delete', rule: 'Integrator backend routes (delete-integration): removing the connection asks the end user to confirm; then delete-integration runs, the account is gone at the service, and the page is back to disconnected' },
  secrets: { id: 'page.no-secrets', rule: 'Authentication 1 and Tokens: the API key and account tokens stay on the server; nothing the page sees or keeps holds them' }
} as const satisfies Record<string, CheckDef>

export type Judged = Finding & { readonly shot?: Buffer | undefined }

const withShot = (f: Finding, shot: Buffer | undefined): Judged => ({ ...f, shot })

/** What the page handed the widget in a step: the link token of its latest initialize or update. */
export const given = (s: Step): string | undefined => s.events.filter((e) => e.event === 'initialize' || e.event === 'update').at(-1)?.token ?? undefined
export const eventsLine = (s: Step): string => `the page's widget calls and callbacks: ${s.events.map((e) => e.event).join(', ') || 'none'}`

export function judgeFresh (steps: readonly Step[], seen: readonly Seen[], kit: Kit, lines: (s: Step) => string[]): Judged {
  const earlier = new Set<string>()
  for (const s of steps) {
    const created = routeRequests(kit.backend, 'create-link-token', seen.slice(s.seenFrom, steps[steps.indexOf(s) + 1]?.seenFrom))
    const answered = answerField(created[0], 'link_token')
    const issued = typeof answered === 'string' ? kit.world.linkToken(answered) : undefined
    const handed = given(s)
    const problem = created.length !== 1
      ? `the ${s.kind} click caused ${created.length} create-link-token request(s) to the backend`
      : typeof answered !== 'string' || issued === undefined
        ? `the ${s.kind} click's create-link-token answered no link token unimock issued (${created[0]!.status ?? 'no answer'})`
        : earlier.has(answered)
          ? `the ${s.kind} click's create-link-token answered a link token an earlier click already had`
          : handed !== answered
            ? `the widget was given ${handed === undefined ? 'no link token' : 'another link token'} than the one the ${s.kind} click's create-link-token answered`
            : s.opened !== undefined && s.opened !== answered
              ? `the widget opened with another link token than the one the ${s.kind} click's create-link-token answered`
              : undefined
    if (problem !== undefined) {
      return withShot(fail(problem, { expected: 'each click: one create-link-token at the backend, answering a link token unimock issued for it, and the widget opened with exactly that token', got: `${problem}; ${eventsLine(s)}`, requests: lines(s) }), s.shot)
    }
    earlier.add(answered as string)
  }
  return pass(`${steps.length} clicks, each one create-link-token answering a new token unimock issued, the widget given exactly that token`)
}

export function judgeReady (steps: readonly Step[], lines: (s: Step) => string[]): Judged {
  for (const s of steps.filter((x) => x.kind !== 'error')) {
    const firstOpen = s.events.find((e) => e.event === 'openLink')
    const ready = s.events.find((e) => e.event === 'onReady')
    const problem = s.opened === undefined
      ? `one click did not open the widget within the time a page has to react (${firstOpen === undefined ? 'openLink was never called' : 'openLink was called'})`
      : firstOpen === undefined
        ? 'the widget opened without openLink'
        : ready === undefined || firstOpen.n < ready.n
          ? 'openLink was called before the widget fired onReady'
          : undefined
    if (problem !== undefined) return withShot(fail(problem, { expected: 'one click opens the widget: initialize with the link token, then openLink in (or after) onReady', got: `${problem}; ${eventsLine(s)}`, requests: lines(s) }), s.shot)
  }
  return pass('one click opened the widget each time: initialize, onReady, then openLink')
}

export function judgeReset (step: Step | undefined, callback: 'onExit' | 'onError', lines: (s: Step) => string[]): Judged {
  if (step === undefined) return fail('the step never ran', { expected: 'the click', got: 'none' })
  const fired = step.events.some((e) => e.event === callback)
  const after = step.after
  const back = after?.enabled === true && after.label === step.before.label
  if (fired && back) return pass(`after ${callback} the control was enabled again as "${after.label}"`)
  const got = !fired
    ? `the widget never fired ${callback}`
    : after === undefined
      ? `after ${callback} no control "${step.before.label}" stood on the page; its buttons were ${step.buttonsAfter?.join(', ') || 'none'}`
      : `after ${callback} the control was ${after.enabled ? 'enabled' : 'disabled'} as "${after.label}"`
  return withShot(fail(`the control was not reset after ${callback}`, { expected: `the control enabled and labelled "${step.before.label}" as before the click, within a few seconds of ${callback}`, got: `${got}; ${eventsLine(step)}`, requests: lines(step) }), step.shot)
}

export function judgeExchange (step: Step | undefined, seen: readonly Seen[], kit: Kit, lines: (s: Step) => string[]): Judged {
  if (step === undefined) return fail('the step never ran', { expected: 'the click', got: 'none' })
  const success = step.events.find((e) => e.event === 'onSuccess')
  const publicToken = success?.arg ?? undefined
  const exchanges = publicToken === undefined ? [] : routeRequests(kit.backend, 'exchange-public-token', seen.slice(step.seenFrom)).filter((s) => s.body.includes(publicToken))
  const name = answerField(exchanges[0], 'integration_name')
  const evidence = (got: string): Evidence => ({ expected: 'onSuccess\'s public token sent to exchange-public-token once, and the page showing the integration_name it answered', got: `${got}; ${eventsLine(step)}`, requests: lines(step) })
  // One cause, one verdict: a widget opened with a spent (cached) token cannot link.
  if (publicToken === undefined && step.opened !== undefined && kit.world.linkToken(step.opened)?.state !== undefined && routeRequests(kit.backend, 'create-link-token', seen.slice(step.seenFrom)).length === 0) {
    return notApplicable('the success click opened the widget without a new link token from the backend, so the end user could not link (see page.fresh-token-per-click)')
  }
  if (publicToken === undefined) return withShot(fail('the widget\'s onSuccess never reached the page', evidence(step.opened === undefined ? 'the widget never opened' : 'no onSuccess')), step.shot)
  if (exchanges.length !== 1) return withShot(fail(`the public token went to exchange-public-token ${exchanges.length} times`, evidence(`${exchanges.length} exchange request(s) carrying it`)), step.shot)
  if (typeof name !== 'string' || name === '') return withShot(fail('the exchange answered no integration_name', evidence(`the exchange answered ${exchanges[0]!.status ?? 'nothing'}`)), step.shot)
  if (step.shown !== name) return withShot(fail(`the page did not show "${name}", the integration_name the exchange answered`, evidence(`no visible "${name}" within a few seconds of the answer`)), step.shot)
  // Merge's front-end checklist: the connected state's name is the exchange's answer, not asked again.
  const again = routeRequests(kit.backend, 'integrations', seen.slice(exchanges[0]!.n))
  if (again.length > 0) return withShot(fail('the page asked its backend again for the integration name the exchange had answered', evidence(`after the exchange: ${again.map((s) => `${s.method} ${s.url}`).join(', ')}`)), step.shot)
  return pass(`the public token went to exchange-public-token once, and the page showed "${name}"`)
}

const clip = (text: string, max = 120): string => text.length <= max ? text : `${text.slice(0, max).replace(/\s+\S*$/, '')} …`

export function judgeWording (sightings: ReadonlyArray<Sighting & { word: string, shot?: Buffer | undefined }>, words: readonly string[]): Judged {
  const first = sightings[0]
  if (first === undefined) return pass(`no text of the page named ${words.map((w) => `"${w}"`).join(', ')}`)
  return withShot(fail(`the page names "${first.word}" (${first.where})`, {
    expected: `business wording only: no visible text, title, button label, alt text or console message naming ${words.map((w) => `"${w}"`).join(', ')}`,
    // Each place once (the page is read after every click), its text cut at a word.
    got: [...new Set(sightings.map((s) => `${s.where}: "${clip(s.text)}"`))].slice(0, 5).join('; ')
  }), first.shot)
}

/** Every secret of the run: the API key, and every account token unimock holds. */
export async function secretsOf (world: World): Promise<Array<{ what: string, value: string }>> {
  const tokens = (await world.accounts()).map((a) => a.account_token ?? '').filter((t) => t.length >= 8)
  return [{ what: 'the API key', value: world.apiKey }, ...tokens.map((t) => ({ what: 'an account token', value: t }))]
}

export function judgeSecrets (places: ReadonlyArray<{ where: string, text: string }>, secrets: ReadonlyArray<{ what: string, value: string }>, shot: Buffer | undefined): Judged {
  const hits = places.flatMap((p) => secrets.filter((s) => p.text.includes(s.value)).map((s) => `${s.what} in ${p.where}`))
  if (hits.length === 0) return pass(`neither the API key nor any of ${secrets.length - 1} account token(s) in the page's ${places.length} requests, answers and storage`)
  return withShot(fail(`${hits[0]!}`, { expected: 'the API key and account tokens only on the server: in no request or answer the page sees, nor in its local storage, session storage or readable cookies', got: [...new Set(hits)].slice(0, 6).join('; ') }), shot)
}
