import { scaleUtc } from 'd3-scale'
import type { AccountSync, SyncHistory } from './types.js'

/** One bar of the plot: a run of one model, finished or under way. */
export interface Bar {
  readonly model: string
  readonly start: number
  readonly finish: number
  readonly result: string
  readonly initial: boolean
  readonly running: boolean
}

/**
 * The runs to draw: the kept history, the last run of each model when the history has not heard of it yet
 * (a run of a tenant no webhook observes is announced when the model is next touched), and the run under way.
 */
export function bars (history: SyncHistory | undefined, sync: AccountSync | undefined, now: number): Bar[] {
  const out: Bar[] = (history?.runs ?? []).map((r) => ({
    model: r.model_id, start: Date.parse(r.started_at), finish: Date.parse(r.finished_at), result: r.result, initial: r.was_initial_sync, running: false
  }))
  const seen = new Set(out.map((b) => `${b.model}@${b.start}`))
  for (const s of sync?.sync_status ?? []) {
    if (s.last_sync_start === null) continue
    const start = Date.parse(s.last_sync_start)
    if (s.status === 'SYNCING') {
      out.push({ model: s.model_id, start, finish: Math.max(now, start), result: 'SYNCING', initial: s.is_initial_sync, running: true })
    } else if (s.last_sync_finished !== null && s.last_sync_result !== null && !seen.has(`${s.model_id}@${start}`)) {
      out.push({ model: s.model_id, start, finish: Date.parse(s.last_sync_finished), result: s.last_sync_result, initial: false, running: false })
    }
  }
  return out
}

const ROW = 22
const LEFT = 170
const WIDTH = 960
const fmt = (ms: number): string => new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z')

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAY = 86_400_000

/**
 * A tick's label, in UTC like every time on the page: the day where a day begins, the time of day between.
 * d3's own format names the coarsest unit a tick falls on, so the first tick of a virtual clock (which starts
 * at 2026-01-01T00:00Z) read "2026" on a plot of two days.
 */
export function tickLabel (tick: number, span: number): string {
  const d = new Date(tick)
  const day = `${MONTHS[d.getUTCMonth()]!} ${d.getUTCDate()}`
  if (span > 400 * DAY) return d.getUTCMonth() === 0 && d.getUTCDate() === 1 ? String(d.getUTCFullYear()) : day
  const time = d.toISOString().slice(11, d.getUTCSeconds() === 0 ? 16 : 19)
  if (time === '00:00') return day
  return span > 3 * DAY ? `${day} ${time}` : time
}

/** Where a tick's label sits: centred on its tick, but inside the plot at the right edge (it was cut off there). */
export const tickAnchor = (x: number): 'middle' | 'end' => x > WIDTH - 30 ? 'end' : 'middle'

/** Each model's syncs over time, coloured by result, initial syncs outlined, the next scheduled start dashed. */
export function Timeline ({ history, sync, now }: { history: SyncHistory | undefined, sync: AccountSync | undefined, now: number }) {
  const models = sync?.sync_status ?? []
  const all = bars(history, sync, now)
  const next = models.flatMap((m) => m.next_sync_start === null ? [] : [{ model: m.model_id, at: Date.parse(m.next_sync_start) }])
  const times = [...all.flatMap((b) => [b.start, b.finish]), ...next.map((n) => n.at), now]
  const x = scaleUtc().domain([Math.min(...times), Math.max(...times, Math.min(...times) + 60_000)]).range([LEFT, WIDTH - 10]).nice()
  const row = new Map(models.map((m, i) => [m.model_id, i]))
  const height = models.length * ROW + 28
  const ticks = x.ticks(8)
  const span = x.domain()[1]!.getTime() - x.domain()[0]!.getTime()
  const label = `Sync timeline: ${all.length} runs of ${models.length} models from ${fmt(x.domain()[0]!.getTime())} to ${fmt(x.domain()[1]!.getTime())}`
  return (
    <figure class="timeline-figure">
      <figcaption>Sync timeline</figcaption>
      <div class="legend" aria-hidden="true">
        {['DONE', 'PARTIALLY_SYNCED', 'FAILED', 'PAUSED', 'SYNCING'].map((r) => <span key={r}><i class={`swatch ${r}`} />{r}</span>)}
        <span><i class="swatch initial" />initial sync</span>
        <span><i class="swatch next" />next scheduled</span>
      </div>
      {/* Narrower than the plot can be read, it scrolls sideways rather than shrinking its text. */}
      <div class="timeline-scroll">
        <svg class="timeline" data-testid="timeline" viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={label}>
          {ticks.map((tick) => (
            <g key={tick.getTime()}>
              <line class="grid" x1={x(tick)} x2={x(tick)} y1={0} y2={height - 18} />
              <text x={x(tick)} y={height - 4} text-anchor={tickAnchor(x(tick))} data-tick={tick.toISOString()}>{tickLabel(tick.getTime(), span)}</text>
            </g>
          ))}
          {models.map((m, i) => <text key={m.model_id} x={4} y={i * ROW + 15}>{m.model_name}</text>)}
          {all.map((b) => {
            const y = (row.get(b.model) ?? 0) * ROW + 4
            const x0 = x(b.start)
            return (
              <rect key={`${b.model}@${b.start}`} class={`bar ${b.result}${b.initial ? ' initial' : ''}`} x={x0} y={y} width={Math.max(2, x(b.finish) - x0)} height={ROW - 8} rx={2}
                data-model={b.model} data-result={b.result} data-initial={String(b.initial)} data-start={new Date(b.start).toISOString()} data-finish={b.running ? '' : new Date(b.finish).toISOString()}>
                <title>{`${b.model} ${b.result}${b.initial ? ' (initial sync)' : ''}: ${fmt(b.start)} → ${b.running ? 'running' : fmt(b.finish)}`}</title>
              </rect>
            )
          })}
          {next.map((n) => {
            const y = (row.get(n.model) ?? 0) * ROW
            return (
              <line key={`next-${n.model}`} class="next" data-next={n.model} x1={x(n.at)} x2={x(n.at)} y1={y + 2} y2={y + ROW - 2}>
                <title>{`${n.model}: next sync ${fmt(n.at)}`}</title>
              </line>
            )
          })}
          <line class="now" x1={x(now)} x2={x(now)} y1={0} y2={height - 18}><title>{`now ${fmt(now)}`}</title></line>
        </svg>
      </div>
    </figure>
  )
}
