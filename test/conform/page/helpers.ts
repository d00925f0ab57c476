import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ConformOptions } from '../../../src/conform/conform.js'
import { referenceOptions } from '../helpers.js'

/** The page checks' ids, in report order. */
export const PAGE_CHECKS = ['page.business-wording', 'page.fresh-token-per-click', 'page.opens-when-ready', 'page.reset-on-exit', 'page.reset-on-error', 'page.exchange-on-success', 'page.reconnect', 'page.delete', 'page.no-secrets']

/** A kit run against the reference integrator's page (as carol, by the cookie the page's demo login reads). */
export async function pageOptions (variant?: string, only: readonly string[] = PAGE_CHECKS): Promise<ConformOptions & { pageShots: string }> {
  const o = await referenceOptions(variant)
  return {
    ...o,
    appPage: `${o.appUrl}/`,
    pageLogin: 'cookie:demo_user=carol',
    pageShots: mkdtempSync(join(tmpdir(), 'unimock-page-shots-')),
    only: [...only]
  }
}
