/**
 * Issue 34 item 10 in Chromium at 375x812, against the real server: a seller who has not signed the
 * payout agreement (wm_buyer, with a card bound) reads on /withdrawAction that the first payout needs
 * it, opens the dialog, gets the code by SMS to the card's reserved phone (the Tencent SMS stand-in;
 * the code read from the development route as the tests' phone), signs, and the line says signed.
 * The dialog's screenshot is an axe audit.
 */
import { startE2E, type E2E } from './harness'
import { loggedInAs, seedStorage, shown } from './browserState'

jest.setTimeout(120000)

const BUYER = { loginData: 'login-buyer', token: 'token-buyer', userid: 'wm_buyer' }
const PHONE = '13900000009'

describe('the payout e-signature (H5, 375x812)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('a seller signs the payout agreement with the SMS code on /withdrawAction', async () => {
    const saved = await e2e.server.inject({
      method: 'POST',
      url: '/wmim/course/clearing/bank/saveOrUpdate.do',
      payload: new URLSearchParams({ realName: '王芳', idCardNo: '11010119900101123X', bankNo: '6222020000001234', phone: PHONE, bankName: '工商银行' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', userid: BUYER.userid, token: BUYER.token },
    })
    expect(saved.json()).toMatchObject({ code: 200 })
    const page = await e2e.newPage()
    await seedStorage(page, loggedInAs(BUYER))
    await page.goto('/withdrawAction')
    await shown(page, '.money-esign__text').filter({ hasText: '首次打款前需要完成电子签约' }).waitFor()
    await page.getByRole('button', { name: '去签约' }).click()
    const dialog = page.getByRole('dialog', { name: '电子签约' })
    await dialog.waitFor()
    expect(await dialog.innerText()).toContain('139****0009')
    await dialog.getByRole('button', { name: '获取验证码' }).click()
    await shown(page, '.money-esign__sent').waitFor()
    await e2e.screenshot(page, 'payout-esign-dialog')
    const code = (await e2e.server.inject({ method: 'GET', url: `/dev/sms/last.do?phone=${PHONE}&interCode=86` })).json<{ data: { object: { code: string } } }>().data.object.code
    await page.locator('.money-esign__code input').fill(code)
    await dialog.getByRole('button', { name: '确认签约' }).click()
    await shown(page, '.money-esign__text').filter({ hasText: '已完成电子签约' }).waitFor()
    await dialog.waitFor({ state: 'detached' })
  })
})
