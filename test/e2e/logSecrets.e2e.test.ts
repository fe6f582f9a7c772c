/**
 * Issue 33 item 3: no secret or personal datum reaches the log. A production-mode server runs with
 * its JSON log on, request lines included (LOG=1), collected here, while a person in Chromium logs
 * in through WeChat's authorisation, binds a phone with the SMS code, binds a bank card and pays a
 * lesson on WeChat Pay's H5 cashier (whose signed notification comes back over HTTP). Then the log
 * is searched for every secret of the journey: the OAuth codes, the session token and login data,
 * the openid, the SMS code, both phone numbers, the ID and card numbers, the real name, the
 * browser's cookies, and the keys the server holds (WeChat's app secrets, WeChat Pay's APIv3 key
 * and private key, the SMS API key). The providers are stand-ins on another port, as in
 * productionJourney.e2e.test.ts; nothing is mocked in the browser.
 */
import type { FastifyInstance } from 'fastify'
import { DEMO_WECHAT } from '../../server/core/wechat'
import type { DeliveredSms } from '../../server/outside/tencentSms/standin'
import { DEMO_TENCENT_SMS_ACCOUNT } from '../../server/outside/tencentSms/protocol'
import type { WechatPaySettings } from '../../server/outside/wechatPay/settings'
import { header, message, tempDir, writeJsonExport } from '../fixtures/contentExport'
import { startProductionE2E, type E2E, type ProductionE2E } from './harness'
import { shown } from './browserState'

jest.setTimeout(180000)

const PHONE = '13912345678'
const CARD = { realName: '王小明', idCardNo: '11010519491231002X', bankName: '招商银行', bankNo: '6222021234567890123', phone: '13800001111' }
const PAID_TEXT = '付费后才看得到的一句。'

describe('the log of a whole journey in Chromium holds no secret (production mode, LOG=1)', () => {
  let production: ProductionE2E
  let e2e: E2E
  let server: FastifyInstance
  let baseUrl = ''
  let providersOrigin: string
  let pay: WechatPaySettings
  let courseData: string
  const logged: string[] = []

  beforeAll(async () => {
    production = await startProductionE2E('log-secrets', { logger: { requests: true, destination: { write: (line) => void logged.push(line) } } })
    ;({ e2e, providersOrigin, pay } = production)
    server = e2e.server
    baseUrl = e2e.baseUrl
    courseData = await production.importLesson(
      writeJsonExport(
        header({ exportId: 'log-secrets', courseName: '日志里没有秘密', privacyStatus: 3, fee: 100, freeCount: 1 }),
        [message(1, 1000, { content: '免费的第一句。' }), message(2, 1000, { content: PAID_TEXT })],
        tempDir(),
      ),
    )
  })
  afterAll(async () => {
    await production?.close()
  })

  const inbox = (): Promise<DeliveredSms[]> => production.inbox(PHONE)
  const until = async (done: () => Promise<boolean>): Promise<void> => {
    for (let tries = 0; tries < 50 && !(await done()); tries++) await new Promise((resolve) => setTimeout(resolve, 100))
  }

  it('logs in, binds a phone and a card, pays, and the log names none of their secrets', async () => {
    const page = await e2e.newPage()
    // every address the browser asked this server, for the OAuth codes and states in them
    const asked: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(baseUrl)) asked.push(request.url())
    })

    // 1. WeChat's authorisation, back on /profile logged in
    await page.goto('/profile')
    await shown(page, '.profile__login').click()
    await page.waitForURL((url) => url.origin === providersOrigin)
    // the browser's cookies while the round trip is open (the login's binding to this browser)
    const cookies = (await page.context().cookies()).map((cookie) => cookie.value).filter((value) => value.length >= 8)
    await page.locator('button[value="wm_visitor"]').click()
    await page.waitForURL((url) => url.origin === providersOrigin && url.searchParams.get('scope') === 'snsapi_userinfo')
    await page.locator('button[value="wm_visitor"]').click()
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/profile')

    // 2. a phone bound with the code the SMS stand-in delivered
    await shown(page, '.bind-dialog__phone input').fill(PHONE)
    await shown(page, '.bind-dialog__get-code').click()
    await shown(page, '.bind-dialog__get-code').filter({ hasText: 's 后重发' }).waitFor()
    const [sms] = await inbox()
    await shown(page, '.bind-dialog__code input').fill(sms.param)
    await shown(page, '.bind-dialog__confirm').click()
    await page.getByText('退出登录').waitFor()
    const buyer = await server.db.one<{ wmid: string }>('SELECT wmid FROM users WHERE phone = ?', [PHONE])
    const wmid = String(buyer?.wmid)

    // 3. a bank card: name, ID number, bank, card number and its phone
    await page.goto('/withdrawBindCard')
    await shown(page, '.bank-card--add').click()
    await page.waitForURL((url) => url.pathname === '/withdrawBindCardEdit')
    const fields = shown(page, '.card-form__field input')
    await fields.nth(0).fill(CARD.realName)
    await fields.nth(1).fill(CARD.idCardNo)
    await fields.nth(2).fill(CARD.bankName)
    await fields.nth(3).fill(CARD.bankNo)
    await fields.nth(4).fill(CARD.phone)
    await e2e.screenshot(page, 'log-secrets-card-form')
    await shown(page, '.money__primary').filter({ hasText: '提交' }).click()
    await page.waitForURL((url) => url.pathname === '/withdrawBindCard')
    await shown(page, '.bank-card__number').waitFor()
    await e2e.screenshot(page, 'log-secrets-card-bound')
    expect(await server.db.one('SELECT bank_no AS "bankNo", id_card_no AS "idCardNo" FROM bank_cards WHERE wmid = ?', [wmid])).toEqual({
      bankNo: CARD.bankNo,
      idCardNo: CARD.idCardNo,
    })

    // 4. the lesson paid on WeChat Pay's H5 cashier, back on the whole lesson
    await page.goto(`/lesson/1?courseData=${courseData}`)
    await shown(page, '.lesson-preview-bar__button').filter({ hasText: '查看完整课程' }).click()
    await shown(page, '.pay-dialog__go-pay').click()
    await shown(page, '.pay-confirm__pay').click()
    await page.waitForURL((url) => url.origin === providersOrigin && url.pathname.endsWith('/checkout'))
    await page.getByRole('button', { name: /确认支付 ¥1\.00/ }).click()
    await page.waitForURL((url) => url.origin === baseUrl && url.pathname === '/lesson/1')
    await page.getByText(PAID_TEXT).waitFor()
    await until(async () => logged.join('').includes('/wechatpay/notify/transaction'))

    // the journey's secrets, as the database, the browser and the settings hold them
    const column = async (sql: string): Promise<string[]> => (await server.db.all<{ value: string }>(sql, [wmid])).map((row) => row.value)
    const oauthCodes = asked.flatMap((url) => {
      const query = new URL(url).searchParams
      return [query.get('code'), query.get('state')].filter((value): value is string => value !== null && value.length >= 8)
    })
    const privateKeyPem = String(pay.privateKey.export({ type: 'pkcs8', format: 'pem' }))
    const secrets: Record<string, string[]> = {
      'OAuth code or state': oauthCodes,
      'session token': await column('SELECT token AS value FROM sessions WHERE wmid = ?'),
      'login data': await column('SELECT login_data AS value FROM login_credentials WHERE wmid = ?'),
      openid: await column('SELECT openid AS value FROM wechat_accounts WHERE wmid = ?'),
      'SMS code': [sms.param],
      'bound phone': [PHONE],
      'card phone': [CARD.phone],
      'ID number': [CARD.idCardNo],
      'card number': [CARD.bankNo, CARD.bankNo.slice(0, 12)],
      'real name': [CARD.realName],
      cookie: cookies,
      'WeChat app secret': [DEMO_WECHAT.appSecret, DEMO_WECHAT.miniAppSecret],
      'WeChat Pay APIv3 key': [pay.apiV3Key],
      'WeChat Pay private key': privateKeyPem.split('\n').filter((line) => line.length >= 32),
      'SMS API key': [DEMO_TENCENT_SMS_ACCOUNT.secretKey],
    }
    // the journey made every one of them (an empty list would make its search prove nothing); cookies only if the browser was given any
    for (const [what, values] of Object.entries(secrets)) if (what !== 'cookie') expect([what, values.length > 0]).toEqual([what, true])

    const log = logged.join('')
    // the log was on and holds the journey: request lines with their ids, the pay notification among them
    expect(logged.length).toBeGreaterThan(50)
    expect(log).toContain('"route":"/wechatpay/notify/transaction"')
    const found = Object.entries(secrets).flatMap(([what, values]) => values.filter((value) => log.includes(value)).map((value) => `${what}: ${value}`))
    expect(found).toEqual([])
  })
})
