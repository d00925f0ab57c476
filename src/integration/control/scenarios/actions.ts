import type { AccountFences } from '../../../core/account-fences.js'
import type { ScenarioAnswer, ScenarioCall, ScenarioPort } from './port.js'
import type { Run, StepResult } from './run.js'
import { ACTIONS, type ActionName, type ScenarioStep } from './schema.js'

/** A step's action failed: the control API or the service refused it. The run stops there. */
export class StepFailure extends Error {}

type Method = ScenarioCall['method']

/** Performs one step's action through the HTTP routes, as the equivalent curl calls would. */
export class StepActions {
  readonly #port: ScenarioPort
  readonly #fences: AccountFences

  constructor (port: ScenarioPort, fences: AccountFences) {
    this.#port = port
    this.#fences = fences
  }

  static actionOf (step: ScenarioStep): ActionName | null {
    return ACTIONS.find((a) => step[a] !== undefined) ?? null
  }

  async perform (run: Run, step: ScenarioStep, result: StepResult): Promise<void> {
    const call = (method: Method, path: string, body?: unknown, accountToken?: string) => this.#call(run, { method, path, body, accountToken })
    const account = (ref: string) => this.#account(run, ref)
    const control = (ref: string, suffix: string) => `/_unimock/linked-accounts/${encodeURIComponent(account(ref).id)}${suffix}`

    if (step.link !== undefined) {
      await this.#link(run, step.link.account, step.link.initial_sync)
    } else if (step.relink !== undefined) {
      const before = account(step.relink.account).accountToken
      await this.#link(run, step.relink.account, undefined)
      const after = account(step.relink.account).accountToken
      result.checks.push({ check: `account token of ${step.relink.account}`, ok: before === after, expected: 'kept by the relink', actual: before === after ? 'kept' : 'changed' })
    } else if (step.next_sync !== undefined) {
      const n = step.next_sync
      await call('PUT', control(n.account, '/next-sync'), { model_id: n.model, result: n.result, duration: n.duration })
    } else if (step.relink_needed !== undefined) {
      await call('POST', control(step.relink_needed.account, '/relink-needed'), {})
    } else if (step.pause !== undefined) {
      await call('POST', control(step.pause.account, '/pause'), {})
    } else if (step.resume !== undefined) {
      await call('POST', control(step.resume.account, '/resume'), {})
    } else if (step.delete !== undefined) {
      const a = account(step.delete.account)
      await call('POST', `/api/${this.#category(run, step.delete.account)}/v1/delete-account`, undefined, a.accountToken ?? undefined)
    } else if (step.sync_now !== undefined) {
      await call('POST', control(step.sync_now.account, '/sync-now'), { model_id: step.sync_now.model })
    } else if (step.remote_changes !== undefined) {
      const r = step.remote_changes
      await call('POST', control(r.account, '/data/remote-changes'), { model_id: r.model, created: r.created, changed: r.changed, deleted: r.deleted })
    } else if (step.sync_interval !== undefined) {
      if (run.changes.syncInterval === null) run.changes.syncInterval = ((await call('GET', '/_unimock/sync-interval')).body as { interval: string }).interval
      await call('PUT', '/_unimock/sync-interval', { interval: step.sync_interval })
    } else if (step.webhook_target !== undefined) {
      const id = ((await call('POST', '/_unimock/webhooks/targets', step.webhook_target)).body as { id: string }).id
      this.#fences.fence('webhook-target', id, run.id)
      run.changes.webhookTargets.push(id)
    } else if (step.webhook_fault !== undefined) {
      // The answer lists the API key's faults in the order they were added: the run's is the last.
      const faults = ((await call('POST', '/_unimock/webhooks/faults', step.webhook_fault)).body as { results: Array<{ id: number }> }).results
      this.#fences.fence('webhook-fault', faults.at(-1)!.id, run.id)
      run.changes.webhookFaults.push(faults.at(-1)!.id)
    } else if (step.service_fault !== undefined) {
      const f = step.service_fault
      // A fault scoped to a declared account names it by ref; the service knows only linked account ids.
      const scoped = f.scope?.account !== undefined && run.accounts.has(f.scope.account)
        ? { ...f, scope: { ...f.scope, account: account(f.scope.account).id } }
        : f
      const id = ((await call('POST', '/_unimock/faults', scoped)).body as { id: number }).id
      this.#fences.fence('service-fault', id, run.id)
      run.changes.serviceFaults.push(id)
    } else if (step.write_preset !== undefined) {
      const { account: ref, ...preset } = step.write_preset
      const body = ref === undefined ? preset : { ...preset, linked_account_id: account(ref).id }
      run.changes.writePresets.push(((await call('POST', '/_unimock/write-presets', body)).body as { id: number }).id)
    } else if (step.clear_faults !== undefined) {
      // The run's own faults only: faults the API key had before the run are not the run's to clear.
      if (step.clear_faults !== 'service') await this.#removeFaults(run, run.changes.webhookFaults, '/_unimock/webhooks/faults/')
      if (step.clear_faults !== 'webhooks') await this.#removeFaults(run, run.changes.serviceFaults, '/_unimock/faults/')
      if (step.clear_faults === 'all') await this.#removeFaults(run, run.changes.writePresets, '/_unimock/write-presets/')
    } else if (step.request !== undefined) {
      await this.#request(run, step.request, result)
    }
  }

  /**
   * Puts back what the run changed for the whole API key when it ends: its webhook targets and faults go, the
   * sync interval returns to what it was (true when it had changed it). Its accounts stay, for inspection.
   */
  async restore (run: Run): Promise<boolean> {
    const c = run.changes
    for (const id of c.webhookTargets.splice(0)) await this.#port.call({ method: 'DELETE', path: `/_unimock/webhooks/targets/${encodeURIComponent(id)}`, authorization: run.authorization })
    await this.#removeFaults(run, c.webhookFaults, '/_unimock/webhooks/faults/')
    await this.#removeFaults(run, c.serviceFaults, '/_unimock/faults/')
    await this.#removeFaults(run, c.writePresets, '/_unimock/write-presets/')
    if (c.syncInterval === null) return false
    await this.#call(run, { method: 'PUT', path: '/_unimock/sync-interval', body: { interval: c.syncInterval } })
    c.syncInterval = null
    return true
  }

  /** Removes the listed faults (a spent one is already gone: its 404 is fine) and empties the list. */
  async #removeFaults (run: Run, ids: number[], prefix: string): Promise<void> {
    for (const id of ids.splice(0)) await this.#port.call({ method: 'DELETE', path: `${prefix}${id}`, authorization: run.authorization })
  }

  /** The whole link flow for a declared account (or again, as a relink): link token, the end user, the exchange. */
  async #link (run: Run, ref: string, initialSync: NonNullable<ScenarioStep['link']>['initial_sync']): Promise<void> {
    const declared = run.loaded.scenario.accounts.find((a) => a.ref === ref)!
    // Each run links accounts of its own: an origin id of an earlier run's account would relink that account.
    const originId = declared.end_user_origin_id ?? `${ref}-${run.id.slice(0, 8)}`
    const created = await this.#call(run, {
      method: 'POST',
      path: `/api/${declared.category}/v1/link-token`,
      body: {
        end_user_origin_id: originId,
        end_user_organization_name: declared.organization ?? ref,
        end_user_email_address: declared.email ?? `${ref}@example.com`,
        categories: [declared.category],
        ...(declared.integration === undefined ? {} : { integration: declared.integration })
      }
    })
    const linkToken = (created.body as { link_token: string }).link_token
    // The account exists from the link token on: the run's targets and faults hold for it from its first event
    // (the linked webhook), and its initial sync can be preset before the end user finishes.
    const list = await this.#call(run, { method: 'GET', path: '/_unimock/linked-accounts' })
    const pending = (list.body as { results: Array<{ id: string, end_user_origin_id: string, category: string, completed_at: string | null }> }).results
      .find((a) => a.end_user_origin_id === originId && a.category === declared.category && a.completed_at === null)
    if (pending !== undefined) this.#fences.join(run.id, pending.id)
    if (initialSync !== undefined) {
      if (pending === undefined) throw new StepFailure(`no incomplete account for origin id ${originId} after the link token`)
      await this.#call(run, { method: 'PUT', path: `/_unimock/linked-accounts/${encodeURIComponent(pending.id)}/next-sync`, body: { model_id: initialSync.model, result: initialSync.result, duration: initialSync.duration } })
    }
    const completed = await this.#call(run, {
      method: 'POST',
      path: `/_unimock/link-tokens/${encodeURIComponent(linkToken)}/complete`,
      body: { outcome: 'success', ...(declared.integration === undefined ? {} : { integration: declared.integration }) }
    })
    const done = completed.body as { public_token: string, linked_account_id: string }
    const exchanged = await this.#call(run, { method: 'GET', path: `/api/${declared.category}/v1/account-token/${encodeURIComponent(done.public_token)}` })
    this.#fences.join(run.id, done.linked_account_id)
    run.accounts.set(ref, { id: done.linked_account_id, accountToken: (exchanged.body as { account_token: string }).account_token })
  }

  async #request (run: Run, r: NonNullable<ScenarioStep['request']>, result: StepResult): Promise<void> {
    const a = r.account === undefined ? undefined : this.#account(run, r.account)
    const path = a === undefined ? r.path : r.path.replace(/\{account_id\}/g, encodeURIComponent(a.id))
    const counts: Record<string, number> = {}
    let last: ScenarioAnswer | undefined
    for (let i = 0; i < (r.repeat ?? 1); i++) {
      last = await this.#port.call({ method: (r.method ?? 'GET') as Method, path, authorization: run.authorization, accountToken: a?.accountToken ?? undefined, body: r.body })
      counts[String(last.status)] = (counts[String(last.status)] ?? 0) + 1
    }
    result.responses = counts
    result.lastAnswer = last ?? null
  }

  async #call (run: Run, c: Omit<ScenarioCall, 'authorization'>): Promise<ScenarioAnswer> {
    const answer = await this.#port.call({ ...c, authorization: run.authorization })
    if (answer.status >= 300) {
      const b = answer.body as { detail?: unknown, title?: unknown } | string
      const why = typeof b === 'string' ? b : String(b?.detail ?? b?.title ?? JSON.stringify(b))
      throw new StepFailure(`${c.method} ${c.path} answered ${answer.status}: ${why}`)
    }
    return answer
  }

  #account (run: Run, ref: string): { id: string, accountToken: string | null } {
    const a = run.accounts.get(ref)
    if (a === undefined) throw new StepFailure(`account "${ref}" is not linked yet: link it in an earlier step`)
    return a
  }

  #category (run: Run, ref: string): string {
    return run.loaded.scenario.accounts.find((a) => a.ref === ref)!.category
  }
}
