/**
 * Issue 30 items 8 and 9 on the H5 runtime: a failed withdrawal record offers 点击重试 under the
 * retry rule (the server's `retryable`), or the way to fix the card first, and never reads 到账; the
 * card form prefills the bound card's numbers masked, gives a masked field up for retyping when it
 * gains focus, puts the mask back when it is left empty, and sends an untouched field masked (the
 * server keeps the stored number). The real stores and money api run; only the request and Taro
 * navigation (the edge) are faked.
 */
import { act } from 'react'
import { CardFormScreen, CardFormStore, WithdrawScreen, WithdrawStore } from '../../../src/features/money'
import { toPageUrl } from '../../../src/domain/routes'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { MASKED_CARD, SUMMARY, clearing, click, list, moneyStores, ok, refuse, text, screenRig, type Handler } from './support'

const INFO = '/wmim/course/clearing/info.do'
const CLEARINGS = '/wmim/course/clearing/list.do'
const APPLY_AGAIN = '/wmim/course/clearing/applyAgain.do'
const CARD_INFO = '/wmim/course/clearing/bank/info.do'
const SAVE_CARD = '/wmim/course/clearing/bank/saveOrUpdate.do'

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

function buttonWithText(label: string): Element {
  const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button '${label}'`)
  return found
}

describe('issue 30 item 8: retrying a failed withdrawal', () => {
  const rig = screenRig()

  async function show(routes: Record<string, Handler>) {
    const stores = moneyStores({ [INFO]: () => ok({ object: SUMMARY }), ...routes })
    const store = new WithdrawStore({ money: stores.money, storage: stores.storage, loginData: stores.app.loginData, messageOf })
    await mount(rig.utils, WithStores, { stores: stores.app, children: <WithdrawScreen store={store} /> })
    await act(async () => store.load())
    return { ...stores, store }
  }

  it('a bank-info failure not fixed yet shows its reason and the way to the card form, not a retry', async () => {
    const { backend } = await show({ [CLEARINGS]: () => list([clearing({ clearingNO: 'CLBANK', clearingStatus: 2, failType: 1, retryable: 0 })]) })
    await until(() => expect(text('.money-record__reason')).toBe('失败原因：银行卡信息有误'))
    expect(text('.money-record__hint')).toBe('修改银行卡信息后可重试')
    expect(() => buttonWithText('点击重试')).toThrow()
    rig.utils.fireEvent.click(buttonWithText('修改银行卡'))
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('WithdrawBindCardEdit', { cardInfo: 1 }) }))
    expect(backend.calls.some((c) => c.path === APPLY_AGAIN)).toBe(false)
  })

  it('once the card was saved, the same record offers 点击重试; it resubmits once and the record then waits', async () => {
    let retried = false
    const { backend } = await show({
      [CLEARINGS]: () =>
        list([
          retried
            ? clearing({ clearingNO: 'CLBANK', clearingStatus: 0, money: 2961 })
            : clearing({ clearingNO: 'CLBANK', clearingStatus: 2, failType: 1, retryable: 1, money: 2961 }),
        ]),
      [APPLY_AGAIN]: (body) => ((retried = true), ok({ object: clearing({ clearingNO: body.clearingNO }) })),
    })
    await until(() => expect(text('.money-record__reason')).toBe('失败原因：银行卡信息有误'))
    expect(text('.money-record__amount')).toBe('未打款 ¥29.61')
    expect(text('.money-record')).not.toContain('到账')
    const retry = buttonWithText('点击重试')
    // named with its record, for a screen reader going through a list of them
    expect(retry.getAttribute('aria-label')).toBe('点击重试 单号 CLBANK')
    rig.utils.fireEvent.click(retry)
    rig.utils.fireEvent.click(retry)
    await until(() => expect(text('.ui-dialog__text')).toBe('已重新提交'))
    expect(backend.calls.filter((c) => c.path === APPLY_AGAIN)).toEqual([{ path: APPLY_AGAIN, body: { clearingNO: 'CLBANK' } }])
    await until(() => expect(text('.money-record__status')).toBe('等待打款'))
    expect(text('.money-record__amount')).toBe('到账 ¥29.61')
    expect(document.querySelector('.money-record__retry')).toBeNull()
  })

  it('a failure that is not the card\'s offers 点击重试 at once; a refused retry says why and reads the records again', async () => {
    let listed = 0
    await show({
      [CLEARINGS]: () => ((listed += 1), list([clearing({ clearingNO: 'CLBUSY', clearingStatus: 2, failType: 0, retryable: 1 })])),
      [APPLY_AGAIN]: () => refuse(409, '这笔提现的收入已全部退款，无需重试'),
    })
    await until(() => expect(text('.money-record__reason')).toBe('失败原因：银行打款未成功'))
    rig.utils.fireEvent.click(buttonWithText('点击重试'))
    await until(() => expect(text('.ui-dialog__text')).toBe('这笔提现的收入已全部退款，无需重试'))
    expect(text('.ui-dialog__title')).toBe('提现失败')
    await until(() => expect(listed).toBe(2))
  })
})

describe('issue 30 item 9: the card form never shows the full numbers', () => {
  const rig = screenRig()
  const FIELDS = ['realName', 'idCardNo', 'bankName', 'bankNo', 'phone'] as const

  async function show(routes: Record<string, Handler>) {
    const stores = moneyStores(routes)
    const store = new CardFormStore(stores.money, stores.storage, messageOf, true)
    await mount(rig.utils, WithStores, { stores: stores.app, children: <CardFormScreen store={store} /> })
    await act(async () => store.loadBound())
    return { ...stores, store }
  }

  const input = (field: (typeof FIELDS)[number]): HTMLInputElement => {
    const found = document.querySelectorAll('.card-form__field input')[FIELDS.indexOf(field)]
    if (!found) throw new Error(`no input for ${field}`)
    return found as HTMLInputElement
  }
  const values = () => FIELDS.map((field) => input(field).value)

  it('prefills the masked numbers and says that they stay unless retyped', async () => {
    await show({ [CARD_INFO]: () => ok({ object: MASKED_CARD }) })
    await until(() => expect(values()).toEqual(['林晓', '**************1234', '招商银行', '**** **** **** 8888', '138****0001']))
    expect(text('.card-form__masked')).toBe('带 * 的号码已隐藏：不修改将保持原号码，点按输入框可重新填写')
  })

  it('a focused masked field empties for retyping; left empty, it shows the mask again', async () => {
    await show({ [CARD_INFO]: () => ok({ object: MASKED_CARD }) })
    await until(() => expect(input('bankNo').value).toBe('**** **** **** 8888'))
    rig.utils.fireEvent.focus(input('bankNo'))
    await until(() => expect(input('bankNo').value).toBe(''))
    rig.utils.fireEvent.blur(input('bankNo'))
    await until(() => expect(input('bankNo').value).toBe('**** **** **** 8888'))
    // the name is not masked: focus leaves it alone
    rig.utils.fireEvent.focus(input('realName'))
    expect(input('realName').value).toBe('林晓')
  })

  it('sends the untouched numbers masked and the retyped one as typed', async () => {
    const { backend } = await show({ [CARD_INFO]: () => ok({ object: MASKED_CARD }), [SAVE_CARD]: () => ok({ object: MASKED_CARD }) })
    await until(() => expect(input('phone').value).toBe('138****0001'))
    const phone = input('phone')
    rig.utils.fireEvent.focus(phone)
    await until(() => expect(input('phone').value).toBe(''))
    phone.value = '139 0000 0009'
    rig.utils.fireEvent.input(phone)
    rig.utils.fireEvent.blur(phone)
    rig.utils.fireEvent.click(buttonWithText('提交'))
    await until(() => expect(rig.navigateBack).toHaveBeenCalled())
    expect(backend.calls.find((c) => c.path === SAVE_CARD)?.body).toEqual({
      realName: '林晓',
      idCardNo: '**************1234',
      bankName: '招商银行',
      bankNo: '************8888',
      phone: '13900000009',
    })
  })

  it('checks run in the spec\'s order as before: an emptied name alerts first, an emptied number gets its mask back', async () => {
    const { backend } = await show({ [CARD_INFO]: () => ok({ object: MASKED_CARD }) })
    await until(() => expect(input('idCardNo').value).toBe('**************1234'))
    const id = input('idCardNo')
    rig.utils.fireEvent.focus(id)
    await until(() => expect(input('idCardNo').value).toBe(''))
    id.value = ' '
    rig.utils.fireEvent.input(id)
    rig.utils.fireEvent.blur(id)
    await until(() => expect(input('idCardNo').value).toBe('**************1234'))
    const name = input('realName')
    name.value = ''
    rig.utils.fireEvent.input(name)
    rig.utils.fireEvent.click(buttonWithText('提交'))
    await until(() => expect(text('.ui-dialog__text')).toBe('请输入正确的姓名'))
    click(rig.utils, '.ui-dialog__button')
    expect(backend.calls.some((c) => c.path === SAVE_CARD)).toBe(false)
  })
})
