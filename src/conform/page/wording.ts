import type { Page } from 'playwright-core'

/**
 * What the end user can read on the page (the spec's What the service does 6: business wording only), and which of
 * the service's words it holds. The widget's own overlay is the service's, not the page's, and is left out.
 */

export interface Sighting {
  /** Where: "visible text", "title", "button", "alt text", "console". */
  readonly where: string
  readonly text: string
}

/** A word as a pattern: the service's name as a proper noun (so "merge two lists" is fine), the token and key names in any case and spelling (link_token, linkToken). */
export function wordPattern (word: string): RegExp {
  const parts = word.trim().split(/\s+/).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  if (parts.length === 1 && /^[A-Z]/.test(word)) return new RegExp(`\\b${parts[0]!}\\b`)
  return new RegExp(`\\b${parts.join('[\\s_-]?')}\\b`, 'i')
}

/** Each sighting that names one of `words`, with the word. */
export function serviceWords (sightings: readonly Sighting[], words: readonly string[]): Array<Sighting & { readonly word: string }> {
  const patterns = words.map((w) => [w, wordPattern(w)] as const)
  return sightings.flatMap((s) => patterns.filter(([, p]) => p.test(s.text)).map(([word]) => ({ ...s, word })))
}

/** The page's text as the end user meets it now: its title, visible text, control labels, alt and title texts. */
export async function readablePage (page: Page): Promise<Sighting[]> {
  return await page.evaluate(`(() => {
    const out = [{ where: 'title', text: document.title }]
    const mine = (el) => !el.closest('[data-link-widget-overlay]')
    out.push({ where: 'visible text', text: document.body.innerText.replace(/\\s+/g, ' ') })
    document.querySelectorAll('button, [role=button], a, input[type=submit], input[type=button]').forEach((el) => {
      if (!mine(el)) return
      const label = [el.getAttribute('aria-label'), el.textContent, el.value].filter(Boolean).join(' ').trim()
      if (label) out.push({ where: 'button', text: label })
    })
    document.querySelectorAll('[alt], [title], [placeholder]').forEach((el) => {
      if (!mine(el) || el.tagName === 'IFRAME') return
      const text = [el.getAttribute('alt'), el.getAttribute('title'), el.getAttribute('placeholder')].filter(Boolean).join(' ')
      if (text) out.push({ where: 'alt text', text })
    })
    return out
  })()`)
}
