import type { Test } from 'tap'
import type { ConfigInput } from '../../../src/config.js'
import type { Client } from '../helpers.js'
import { journalSetup } from '../journal/helpers.js'

/** The journal setup, plus the report and one sync status read through HTTP. */
export async function reportSetup (t: Test, config: ConfigInput = {}, key = 'test_report') {
  const setup = await journalSetup(t, config, key)
  const report = async (client: Client = setup.api): Promise<{ summary: any, findings: any[] }> => {
    const res = await client.get('/_unimock/report')
    if (res.statusCode !== 200) throw new Error(`report answered ${res.statusCode}: ${res.body}`)
    return res.json()
  }
  const codes = async (): Promise<string[]> => (await report()).findings.map((f) => f.code)
  const finding = async (code: string): Promise<any> => (await report()).findings.find((f) => f.code === code)
  /** The sync status record of one model, through GET sync-status. */
  const syncStatus = async (account: Client, modelId: string): Promise<any> => {
    const res = await account.get('/api/hris/v1/sync-status?page_size=100')
    if (res.statusCode !== 200) throw new Error(`sync-status answered ${res.statusCode}: ${res.body}`)
    return res.json().results.find((r: any) => r.model_id === modelId)
  }
  /** Pages one list to its end; returns the first page's answer status and how many pages. */
  const fetchAll = async (account: Client, path: string, query: string): Promise<number> => {
    let cursor: string | null = null
    let pages = 0
    do {
      const res = await account.get(`${path}?${query}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`)
      if (res.statusCode !== 200) throw new Error(`${path} answered ${res.statusCode}: ${res.body}`)
      cursor = res.json().next
      pages++
    } while (cursor !== null)
    return pages
  }
  return { ...setup, report, codes, finding, syncStatus, fetchAll }
}

/** The ids of a finding's cited requests. */
export const cited = (finding: any): number[] => finding.requests.map((r: any) => r.id)
