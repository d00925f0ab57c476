import type { Static } from '@sinclair/typebox'
import type { ControlAccountList } from '../../src/integration/control/linked-accounts/schemas.js'
import type { FaultList as WebhookFaultList } from '../../src/integration/background/webhooks/schemas.js'
import type { FaultList as ServiceFaultList } from '../../src/integration/control/faults/schemas.js'
import type { DeliveryList } from '../../src/integration/background/webhooks/schemas.js'
import type { JournalPageView } from '../../src/integration/observation/journal/schemas.js'
import type { ReportView } from '../../src/integration/observation/report/schemas.js'
import type { RunView, ScenarioList } from '../../src/integration/control/scenarios/schemas.js'
import type { AccountSyncView, SyncHistoryView, TenantSyncSummary } from '../../src/integration/background/sync/schemas.js'

// The control API's answers, typed from the very schemas its routes declare.
export type Accounts = Static<typeof ControlAccountList>
export type Account = Accounts['results'][number]
export type SyncSummary = Static<typeof TenantSyncSummary>
export type AccountSyncSummary = SyncSummary['results'][number]
export type AccountSync = Static<typeof AccountSyncView>
export type SyncRecord = AccountSync['sync_status'][number]
export type SyncHistory = Static<typeof SyncHistoryView>
export interface Clock { readonly now: string, readonly mode: 'real' | 'virtual' }
export type WebhookFaults = Static<typeof WebhookFaultList>
export type ServiceFaults = Static<typeof ServiceFaultList>
export type Scenarios = Static<typeof ScenarioList>
export type ScenarioRun = Static<typeof RunView>
export type Deliveries = Static<typeof DeliveryList>
export type Delivery = Deliveries['results'][number]
export type Journal = Static<typeof JournalPageView>
export type JournalEntry = Journal['entries'][number]
export type Report = Static<typeof ReportView>
