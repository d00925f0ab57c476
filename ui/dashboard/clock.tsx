import { useState } from 'preact/hooks'
import { api, takePreloaded } from './api.js'
import { useLive } from './live.js'
import type { Clock } from './types.js'

const STEPS = [['5m', '+5 min'], ['1h', '+1 h'], ['1d', '+1 day']] as const

/** The clock, and (virtual clock only) buttons to move it; the stream tells every view it moved. */
export function ClockBar () {
  const { data, reload } = useLive<Clock>(['clock'], () => api.get<Clock>('/clock'), [], () => takePreloaded<Clock>('/clock'))
  const [custom, setCustom] = useState('')
  const [error, setError] = useState<string | undefined>(undefined)
  const advance = (by: string): void => {
    api.post('/clock/advance', { by }).then(() => { setError(undefined); reload() }, (e: unknown) => { setError(String(e instanceof Error ? e.message : e)) })
  }
  return (
    <section class="clock" aria-label="Clock">
      <span>Clock <b>{data?.mode ?? '…'}</b>: <time data-testid="now" dateTime={data?.now}>{data?.now.replace('T', ' ').replace('.000Z', 'Z') ?? '…'}</time></span>
      {data?.mode === 'virtual' && (
        <>
          {STEPS.map(([by, label]) => <button type="button" key={by} onClick={() => { advance(by) }}>{label}</button>)}
          <form onSubmit={(e) => { e.preventDefault(); if (custom !== '') advance(custom) }}>
            <label for="advance-by">Advance by</label>
            <input id="advance-by" size={6} placeholder="90s, 2h" value={custom} onInput={(e) => { setCustom(e.currentTarget.value) }} />
            <button type="submit">Advance</button>
          </form>
        </>
      )}
      {error !== undefined && <span role="alert" class="error">{error}</span>}
    </section>
  )
}
