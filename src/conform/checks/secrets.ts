import { answerLine, type BackendAnswer } from '../backend.js'
import type { Family, Findings } from '../family.js'
import type { Kit } from '../kit.js'
import { fail, pass, type CheckDef } from '../verdict.js'

export const SECRETS: CheckDef = {
  id: 'secrets.not-exposed',
  rule: 'Authentication 1 and Tokens: the API key and account tokens stay on the server; no answer to the browser holds them'
}

/** The answer with every secret replaced by its name: evidence must not repeat the leak. */
function masked (answer: BackendAnswer, secrets: ReadonlyMap<string, string>): string {
  let text = answerLine(answer)
  for (const [value, name] of secrets) text = text.split(value).join(`[${name}]`)
  return text
}

/** Judged over the whole run: every answer a logged-in user's browser got, headers' worth of body included. */
export const secretsFamily: Family = {
  name: 'secrets',
  phase: 'last',
  needs: ['link'],
  checks: [SECRETS],
  async run (kit: Kit, found: Findings): Promise<void> {
    const secrets = new Map<string, string>([[kit.world.apiKey, 'the API key']])
    for (const account of await kit.world.accounts()) {
      if (account.account_token !== null) secrets.set(account.account_token, `the account token of ${account.category} account ${account.id}`)
    }
    const answers = kit.backend.answers.filter((a) => a.toBrowser)
    const leaks = answers.filter((a) => [...secrets.keys()].some((s) => a.text.includes(s)))
    if (leaks.length === 0) {
      found.set(SECRETS, pass(`none of ${answers.length} answers to the browser held the API key or an account token`))
      return
    }
    const names = [...new Set(leaks.flatMap((a) => [...secrets].filter(([s]) => a.text.includes(s)).map(([, name]) => name)))]
    found.set(SECRETS, fail(`${leaks.length} answer(s) to the browser held a secret`, {
      expected: 'no API key and no account token in any answer of the integrator routes', got: names.join('; '), answers: leaks.map((a) => masked(a, secrets))
    }))
  }
}
