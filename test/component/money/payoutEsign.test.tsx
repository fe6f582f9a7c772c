/**
 * Issue 34 item 10 on the H5 runtime: /withdrawAction says whether the seller signed the payout
 * agreement the first payout needs (spec 001 §9), while it loads and when loading failed (with a
 * retry), and signs it in a dialog: the code by SMS to the card's reserved phone (shown masked), an
 * empty code refused before any call, the server's refusal shown in the dialog, the dialog closed
 * and the line changed once signed. The real stores and money api run; only the request is faked.
 */
import { act } from 'react'
import { WithdrawScreen, WithdrawStore } from '../../../src/features/money'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { SUMMARY, clearing, list, moneyStores, ok, refuse, text, typeInto, screenRig, type Handler } from './support'

const INFO = '/wmim/course/clearing/info.do'
const CLEARINGS = '/wmim/course/clearing/list.do'
const ESIGN = '/wmim/course/clearing/esign/info.do'
const SEND = '/wmim/course/clearing/esign/sendSms.do'
const CONFIRM = '/wmim/course/clearing/esign/confirm.do'

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))
const UNSIGNED = { signed: 0, phone: '138****0001', signedAt: 0 }
const SIGNED = { signed: 1, phone: '138****0001', signedAt: Date.UTC(2026, 10, 23) }

function buttonWithText(label: string): Element {
  const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button '${label}'`)
  return found
}

describe('issue 34 item 10: the payout e-signature on /withdrawAction', () => {
  const rig = screenRig()

  async function show(routes: Record<string, Handler>) {
    const stores = moneyStores({ [INFO]: () => ok({ object: SUMMARY }), [CLEARINGS]: () => list([clearing()]), ...routes })
    const store = new WithdrawStore({ money: stores.money, storage: stores.storage, loginData: stores.app.loginData, messageOf })
    await mount(rig.utils, WithStores, { stores: stores.app, children: <WithdrawScreen store={store} /> })
    await act(async () => store.load())
    return { ...stores, store }
  }

  it('signs with the SMS code: an empty code is refused in the dialog, a wrong one shows the server\'s words', async () => {
    let tries = 0
    const { backend } = await show({
      [ESIGN]: () => ok({ object: UNSIGNED }),
      [SEND]: () => ok(null),
      [CONFIRM]: (body) => ((tries += 1), body.vcode === '246810' ? ok({ object: SIGNED }) : refuse(400, '验证码错误')),
    })
    await until(() => expect(text('.money-esign__text')).toBe('首次打款前需要完成电子签约，未签约的提现会一直等待打款'))
    rig.utils.fireEvent.click(buttonWithText('去签约'))
    await until(() => expect(text('.ui-dialog__title')).toBe('电子签约'))
    expect(text('.ui-dialog__text')).toContain('138****0001')
    expect(document.querySelector('[role="dialog"]')?.getAttribute('aria-modal')).toBe('true')
    rig.utils.fireEvent.click(buttonWithText('确认签约'))
    await until(() => expect(text('.ui-field__error')).toBe('请输入正确的短信验证码'))
    expect(tries).toBe(0)
    rig.utils.fireEvent.click(buttonWithText('获取验证码'))
    await until(() => expect(text('.money-esign__sent')).toBe('验证码已发送'))
    expect(backend.calls.filter((c) => c.path === SEND)).toHaveLength(1)
    await typeInto(rig.utils, '.money-esign__code', '111111')
    rig.utils.fireEvent.click(buttonWithText('确认签约'))
    await until(() => expect(text('.ui-field__error')).toBe('验证码错误'))
    await typeInto(rig.utils, '.money-esign__code', '246810')
    rig.utils.fireEvent.click(buttonWithText('确认签约'))
    await until(() => expect(text('.money-esign__text')).toBe('已完成电子签约，提现将在每周一统一打款'))
    expect(document.querySelector('.money-esign__dialog')).toBeNull()
    expect(backend.calls.filter((c) => c.path === CONFIRM).map((c) => c.body)).toEqual([{ vcode: '111111' }, { vcode: '246810' }])
  })

  it('a code that could not be sent says so in the dialog, and the button may be pressed again', async () => {
    await show({ [ESIGN]: () => ok({ object: UNSIGNED }), [SEND]: () => refuse(500, '验证码短信没有发出，请稍后重新获取') })
    await until(() => buttonWithText('去签约'))
    rig.utils.fireEvent.click(buttonWithText('去签约'))
    rig.utils.fireEvent.click(buttonWithText('获取验证码'))
    await until(() => expect(text('.ui-field__error')).toBe('验证码短信没有发出，请稍后重新获取'))
    expect(buttonWithText('获取验证码').hasAttribute('disabled')).toBe(false)
  })

  it('says it is loading, then that loading failed with a retry, which loads it again', async () => {
    let answer: (() => void) | undefined
    let calls = 0
    await show({
      [ESIGN]: () => {
        calls += 1
        if (calls === 1) return new Promise((resolve) => (answer = () => resolve(refuse(500, '服务器繁忙'))))
        return ok({ object: SIGNED })
      },
    })
    expect(text('.money-esign__text')).toBe('正在查询电子签约状态…')
    await act(async () => answer?.())
    await until(() => expect(text('.money-esign__text--error')).toContain('电子签约状态加载失败。'))
    rig.utils.fireEvent.click(buttonWithText('重试'))
    await until(() => expect(text('.money-esign__text')).toBe('已完成电子签约，提现将在每周一统一打款'))
  })

  it('without a bound card it asks for one first and offers no signing', async () => {
    await show({ [ESIGN]: () => ok({ object: { signed: 0, phone: '', signedAt: 0 } }) })
    await until(() => expect(text('.money-esign__text')).toBe('首次打款前需要完成电子签约：请先绑定银行卡'))
    expect(() => buttonWithText('去签约')).toThrow()
  })
})
