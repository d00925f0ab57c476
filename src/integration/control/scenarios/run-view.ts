import { iso } from '../../../core/iso.js'
import type { Run } from './run.js'
import type { RunView } from './schemas.js'

export function runView (run: Run): RunView {
  const s = run.loaded.scenario
  return {
    id: run.id,
    name: s.name,
    description: s.description.trim(),
    source: run.source,
    state: run.state,
    started_at: iso(run.startedAt),
    ends_at: iso(run.endsAt),
    finished_at: iso(run.finishedAt),
    progress: {
      steps: run.steps.length,
      ran: run.steps.filter((x) => x.ranAt !== null).length,
      failed: run.steps.filter((x) => x.state === 'failed' || x.state === 'error').length
    },
    accounts: [...run.accounts].map(([ref, a]) => ({ ref, id: a.id, account_token: a.accountToken })),
    steps: run.steps.map((x) => ({
      step: x.step,
      at: x.at,
      due_at: iso(x.dueAt),
      action: x.action,
      note: x.note,
      state: x.state,
      ran_at: iso(x.ranAt),
      detail: x.detail,
      checks: x.checks,
      responses: x.responses
    }))
  }
}
