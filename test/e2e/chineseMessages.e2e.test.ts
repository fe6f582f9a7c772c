/**
 * Issue 34 item 1 in Chromium (zh-CN): the harness fails any journey whose toast, dialog or error
 * state is written in English only (./chineseMessages.ts), and the refusals this issue found in
 * English now read in Chinese: the card form's number, and the replay's wrong password (the
 * server's toast).
 */
import type { Page } from 'playwright-core'
import { loggedInAs, seedStorage, shown } from './browserState'
import { startE2E, type E2E } from './harness'

jest.setTimeout(120000)

const TEACHER = { loginData: 'login-teacher', token: 'token-teacher', userid: 'wm_teacher' }
const SAVE_CARD = '**/wmim/course/clearing/bank/saveOrUpdate.do'
/** the form's inputs in their order: name, ID number, bank name, card number, phone */
const CARD = ['林晓', '110101199001011234', '招商银行', '6214 8300 0000 8888', '138 0000 0001']

/** Types a new card into /withdrawBindCardEdit (the add form), `bankNo` as given. */
async function typeCard(page: Page, bankNo: string): Promise<void> {
  const inputs = shown(page, '.card-form__field input')
  for (const [index, value] of CARD.entries()) await inputs.nth(index).fill(index === 3 ? bankNo : value)
}

describe('messages in the reader\'s language (H5, zh-CN)', () => {
  let e2e: E2E
  beforeAll(async () => {
    e2e = await startE2E()
  })
  afterAll(async () => {
    await e2e?.close()
  })

  it('fails a journey whose dialog shows a refusal in English, as the card form did', async () => {
    const page = await e2e.newPage()
    await seedStorage(page, loggedInAs(TEACHER))
    // a server answering as this one did before: the schema's own words
    await page.route(SAVE_CARD, (route) =>
      route.fulfill({ contentType: 'application/json', body: JSON.stringify({ code: 400, msg: 'bankNo must match pattern "^[0-9]{12,24}$"', data: null }) }),
    )
    await page.goto('/withdrawBindCardEdit')
    await shown(page, '.card-form__field input').nth(4).waitFor()
    await typeCard(page, CARD[3])
    await shown(page, '.money__primary').filter({ hasText: '提交' }).click()
    await shown(page, '.ui-dialog__title').filter({ hasText: '保存失败' }).waitFor()
    await expect(e2e.screenshot(page, 'messages-english-caught')).rejects.toThrow(/bankNo must match pattern/)
  })

  it('tells a wrong card number in the spec\'s words before any call', async () => {
    const page = await e2e.newPage()
    await seedStorage(page, loggedInAs(TEACHER))
    const saves: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/clearing/bank/saveOrUpdate.do')) saves.push(request.url())
    })
    await page.goto('/withdrawBindCardEdit')
    await shown(page, '.card-form__field input').nth(4).waitFor()
    await typeCard(page, '6214 8300 000')
    await shown(page, '.money__primary').filter({ hasText: '提交' }).click()
    await shown(page, '.ui-dialog__text').filter({ hasText: '请输入正确的银行卡号' }).waitFor()
    await e2e.screenshot(page, 'messages-card-number')
    expect(saves).toEqual([])
  })

  it('says a wrong replay password in the server\'s Chinese toast', async () => {
    const page = await e2e.newPage()
    await page.goto('/liveHome/playBack/live-replay')
    await page.locator('.live-password input').fill('1357')
    await shown(page, 'taro-button-core').filter({ hasText: '观看回放' }).click()
    await shown(page, '.platform-toast').filter({ hasText: '回放密码错误，请重新输入' }).waitFor()
    await e2e.screenshot(page, 'messages-replay-password')
  })
})
