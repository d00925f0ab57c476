import type { Run } from './run.js'
import type { RunView } from './schemas.js'

const iso = (ms: number): string => new Date(ms).toISOString()
const isoOrNull = (ms: number | null): string | null => ms === null ? null : iso(ms)

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
    finished_at: isoOrNull(run.finishedAt),
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
      ran_at: isoOrNull(x.ranAt),
      detail: x.detail,
      checks: x.checks,
      responses: x.responses
    }))
  }
}
