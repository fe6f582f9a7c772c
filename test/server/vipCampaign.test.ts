/**
 * The VIP campaign's rules as an operator sets them (issue 32 item 3; server/content/vipCampaign.ts,
 * `npm run lesson -- vip-campaign <file.json>`): its days, group-size thresholds and quotas, which
 * the VIP pages' calls read instead of the spec's constants. The spec's are the seeded default;
 * hostile rules are refused naming the field, with nothing changed. On each engine.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { openAppDatabase } from '../../server/database'
import { buildApp } from '../../server/app'
import { putVipCampaign } from '../../server/content/vipCampaign'
import { ExportError } from '../../server/content/format'
import { SPEC_VIP_CAMPAIGN } from '../../src/domain/vip'
import type { VipEligibility, VipSlots } from '../../types/vip'
import { TEACHER, post } from './helpers'
import { testDatabase } from './engines'
import { ENGLISH_LOCALE } from './operatorLocale'

const ELIGIBILITY = '/wmim/vip/exchange/query.do'
const EXCHANGE = '/wmim/vip/exchange/confirm.do'

const china = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day, 12 - 8)

let campaignNow = china(2024, 4, 15)
let app: FastifyInstance
beforeAll(async () => {
  app = await buildApp({ database: await testDatabase(), staticDir: '/nonexistent', vipCampaignClock: () => campaignNow })
})
afterAll(() => app.close())

const eligibility = async (data: string): Promise<VipEligibility> => (await post<{ object: VipEligibility }>(app, ELIGIBILITY, { data })).body.data.object
const storedRules = async (): Promise<unknown> => JSON.parse((await app.db.one<{ rules: string }>('SELECT rules FROM vip_campaign'))?.rules ?? 'null')

const SPEC_VIP_CAMPAIGN_JSON = { start: '04-02', end: '04-30', table: SPEC_VIP_CAMPAIGN.table }

const JUNE = {
  start: '06-01',
  end: '06-30',
  table: [
    { members: 40, comparison: 'over', quota: 2 },
    { members: 600, comparison: 'atLeast', quota: 12 },
  ],
}

it("starts with the spec's campaign: 2 to 30 April, over 50 members earns a quota, 655 members earn 10", async () => {
  expect(await storedRules()).toEqual(SPEC_VIP_CAMPAIGN_JSON)
  expect((await eligibility('vip-small')).campaign).toEqual(SPEC_VIP_CAMPAIGN_JSON)
  expect(await eligibility('vip-small')).toMatchObject({ memberCount: 50, quota: 0, reason: 'tooSmall' })
  expect(await eligibility('vip-eligible')).toMatchObject({ memberCount: 655, quota: 10, reason: '' })
})

it("refuses hostile rules naming the field, and keeps the campaign as it was", async () => {
  const before = await storedRules()
  const hostile: Array<[unknown, string]> = [
    [null, '(body)'],
    [{ ...JUNE, start: '13-01' }, 'start'],
    [{ ...JUNE, start: '02-30' }, 'start'],
    [{ ...JUNE, end: '<script>' }, 'end'],
    [{ ...JUNE, start: '07-01' }, 'end'],
    [{ ...JUNE, table: [] }, 'table'],
    [{ ...JUNE, table: 'over 50: 1' }, 'table'],
    [{ ...JUNE, table: Array.from({ length: 21 }, (_, k) => ({ members: k * 10, comparison: 'over', quota: k + 1 })) }, 'table'],
    [{ ...JUNE, table: [{ members: 40, comparison: 'under', quota: 2 }] }, 'table[0].comparison'],
    [{ ...JUNE, table: [{ members: -1, comparison: 'over', quota: 2 }] }, 'table[0].members'],
    [{ ...JUNE, table: [{ members: 40, comparison: 'over', quota: 51 }] }, 'table[0].quota'],
    [{ ...JUNE, table: [{ members: 40, comparison: 'over', quota: 1.5 }] }, 'table[0].quota'],
    [{ ...JUNE, table: [{ members: 40, comparison: 'over', quota: 5 }, { members: 41, comparison: 'atLeast', quota: 6 }] }, 'table[1]'],
    [{ ...JUNE, table: [{ members: 40, comparison: 'over', quota: 5 }, { members: 100, comparison: 'over', quota: 5 }] }, 'table[1]'],
  ]
  for (const [rules, field] of hostile) {
    const refused = await putVipCampaign(app.db, rules, Date.now()).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(ExportError)
    expect((refused as ExportError).place.field).toBe(field)
  }
  expect(await storedRules()).toEqual(before)
})

it('makes the pages\' calls follow the rules set: its days, its thresholds and its quotas', async () => {
  expect(await putVipCampaign(app.db, JUNE, Date.now())).toEqual({ start: '06-01', end: '06-30', rows: 2 })
  // the pages read the campaign from the eligibility answer
  expect((await eligibility('vip-small')).campaign).toEqual(JUNE)
  // 15 April is outside June's campaign now
  expect(await eligibility('vip-eligible')).toMatchObject({ quota: 12, reason: 'closed' })
  campaignNow = china(2024, 6, 15)
  // 50 members are over 40: a quota of 2 where the spec gave none
  expect(await eligibility('vip-small')).toMatchObject({ memberCount: 50, quota: 2, reason: '' })
  expect(await eligibility('vip-eligible')).toMatchObject({ memberCount: 655, quota: 12, reason: '' })
  const exchanged = await post<{ object: VipSlots }>(app, EXCHANGE, { data: 'vip-eligible' }, TEACHER)
  expect(exchanged.body.code).toBe(200)
  expect(exchanged.body.data.object.quota).toBe(12)
  expect(exchanged.body.data.object.slots.map((slot) => slot.number)).toEqual(Array.from({ length: 12 }, (_, k) => k + 1))
  // an exchange keeps its quota whatever the rules become
  await putVipCampaign(app.db, SPEC_VIP_CAMPAIGN_JSON, Date.now())
  expect(await eligibility('vip-eligible')).toMatchObject({ quota: 12, reason: 'exchanged' })
  expect(await eligibility('vip-small')).toMatchObject({ quota: 0, reason: 'closed' })
})

it('is what `npm run lesson -- vip-campaign <file.json>` sets in a production database, and a bad file exits 1 naming the field', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'vip-campaign-'))
  const root = join(__dirname, '..', '..')
  const run = (file: string) =>
    spawnSync(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'content', 'lessonCommand.ts'), 'vip-campaign', file], {
      env: { ...process.env, ...ENGLISH_LOCALE, DB_PATH: join(dir, 'prod.sqlite'), DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
  try {
    writeFileSync(join(dir, 'june.json'), JSON.stringify(JUNE))
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...JUNE, end: '05-01' }))
    const set = run(join(dir, 'june.json'))
    expect(set.stdout).toBe('vip-campaign: {"start":"06-01","end":"06-30","rows":2}\n')
    const bad = run(join(dir, 'bad.json'))
    expect(bad.status).toBe(1)
    expect(bad.stderr).toContain('the VIP campaign, field end: must not be before start')
    const db = await openAppDatabase(join(dir, 'prod.sqlite'), { seedDemo: false })
    expect(JSON.parse((await db.one<{ rules: string }>('SELECT rules FROM vip_campaign'))?.rules ?? '')).toEqual(JUNE)
    await db.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}, 60_000)
