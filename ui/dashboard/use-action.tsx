import { useState } from 'preact/hooks'

export interface ActionMessage { readonly text: string, readonly error: boolean }

/** Runs a control API call for a button, and keeps what happened to show it (an error as an alert). */
export function useAction (after: () => void = () => {}): { message: ActionMessage | undefined, act: (label: string, call: () => Promise<unknown>) => void } {
  const [message, setMessage] = useState<ActionMessage | undefined>(undefined)
  const act = (label: string, call: () => Promise<unknown>): void => {
    call().then(() => { setMessage({ text: `${label}: done`, error: false }); after() }, (e: unknown) => {
      setMessage({ text: `${label}: ${e instanceof Error ? e.message : String(e)}`, error: true })
    })
  }
  return { message, act }
}

export function Message ({ message }: { message: ActionMessage | undefined }) {
  if (message === undefined) return null
  return <p role={message.error ? 'alert' : 'status'} class={message.error ? 'error' : 'ok'}>{message.text}</p>
}
