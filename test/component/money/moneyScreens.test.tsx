/**
 * The money package's screens on the H5 runtime, each state: /withdraw (balances, sales and share
 * records), /withdrawAction (the withdraw rules, submit, failures, the retry rule), /withdrawBindCard
 * (bound, unbound, unbind) and /withdrawBindCardEdit (the checks in the spec's order, save, failure).
 * The real stores and money api run; only the request and Taro navigation (the edge) are faked.
 */
import { act } from 'react'
import { BankCardScreen, BankCardStore, CardFormScreen, CardFormStore, IncomeScreen, IncomeStore, WithdrawScreen, WithdrawStore } from '../../../src/features/money'
import { toPageUrl } from '../../../src/domain/routes'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { CARD, MASKED_CARD, SUMMARY, clearing, click, list, moneyStores, ok, refuse, text, typeInto, screenRig, type Handler } from './support'

const INFO = '/wmim/course/clearing/info.do'
const INCOME = '/wmim/course/v2/income/list.do'
const RECASH = '/wmim/course/v2/recash/list.do'
const CLEARINGS = '/wmim/course/clearing/list.do'
const APPLY = '/wmim/course/clearing/apply.do'
const APPLY_AGAIN = '/wmim/course/clearing/applyAgain.do'
const CARD_INFO = '/wmim/course/clearing/bank/info.do'
const SAVE_CARD = '/wmim/course/clearing/bank/saveOrUpdate.do'
const UNBIND = '/wmim/course/clearing/bank/unbind.do'

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

function buttonWithText(label: string): Element {
  const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button '${label}'`)
  return found
}

describe('money screens', () => {
  const rig = screenRig()

  describe('/withdraw', () => {
    async function show(routes: Record<string, Handler>) {
      const stores = moneyStores(routes)
      const store = new IncomeStore(stores.money, messageOf)
      await mount(rig.utils, WithStores, { stores: stores.app, children: <IncomeScreen store={store} /> })
      await act(async () => store.load())
      return { ...stores, store }
    }

    it('shows the balances in yuan and the sales records; the share tab loads the share records', async () => {
      const { backend } = await show({
        [INFO]: () => ok({ object: SUMMARY }),
        [INCOME]: () =>
          list([
            { orderNO: 'LP1', buyerFaceIcon: '', buyerNickname: '学员阿杰', totalFee: 1990, orderType: 1, courseName: '付费课', orderStatus: 1, payTime: 0 },
            { orderNO: 'LP2', buyerFaceIcon: '', buyerNickname: '学员阿杰', totalFee: 990, orderType: 1, courseName: '退款课', orderStatus: 4, payTime: 0 },
          ]),
        [RECASH]: () => list([{ id: 'R:1', faceIcon: '', nickname: '小明', recashFee: 200, courseName: '答疑直播', createTime: 0 }]),
      })
      await until(() => expect(document.querySelectorAll('.money-row')).toHaveLength(2))
      expect(text('.money-balances__total')).toBe('126.50')
      expect([...document.querySelectorAll('.money-balances__value')].map((e) => e.textContent)).toEqual(['81.70', '15.00'])
      expect(text('.money-row__state--bad')).toBe('已退款')
      const shares = [...document.querySelectorAll('.ui-tabs__tab')].find((tab) => tab.textContent === '分享收入')
      if (!shares) throw new Error('no share tab')
      rig.utils.fireEvent.click(shares)
      await until(() => expect(text('.money-row__amount')).toBe('¥2.00'))
      expect(backend.calls.filter((c) => c.path === RECASH)).toEqual([{ path: RECASH, body: { page: '1', pageSize: '20' } }])
      click(rig.utils, '.money__primary')
      await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('WithdrawAction') }))
    })

    it('empty lists and a failed summary each say so', async () => {
      await show({ [INFO]: () => refuse(500, 'ledger down'), [INCOME]: () => list([]) })
      await until(() => expect(text('.state-view--error .state-view__detail')).toBe('ledger down'))
      await until(() => expect(text('.state-view--empty .state-view__title')).toBe('还没有销售收入'))
    })
  })

  describe('/withdrawAction', () => {
    async function show(routes: Record<string, Handler>, storage: Record<string, string> = {}) {
      const stores = moneyStores({ [CLEARINGS]: () => list([]), ...routes }, { storage })
      const store = new WithdrawStore({ money: stores.money, storage: stores.storage, loginData: stores.app.loginData, messageOf })
      await mount(rig.utils, WithStores, { stores: stores.app, children: <WithdrawScreen store={store} /> })
      await act(async () => store.load())
      return { ...stores, store }
    }

    it('shows balance, fee and arrival and the rules; confirms, submits with the loginData, then shows the new record', async () => {
      let applied = false
      const { backend } = await show({
        [INFO]: () => ok({ object: applied ? { ...SUMMARY, usableMoney: 0, taxFee: 0, arriveMoney: 0 } : SUMMARY }),
        [APPLY]: () => ((applied = true), ok({ object: clearing({ clearingNO: 'CLNEW', orderMoney: 8170, taxFee: 81, money: 8089 }) })),
        [CLEARINGS]: () => list(applied ? [clearing({ clearingNO: 'CLNEW', orderMoney: 8170, taxFee: 81, money: 8089 })] : []),
      })
      await until(() => expect(text('.money-balances__total')).toBe('81.70'))
      expect(text('.money-balances')).toContain('平台服务费 ¥0.81')
      expect(text('.money-balances')).toContain('实际到账 ¥80.89')
      expect(text('.money-rules')).toContain('7 天')
      expect(text('.money-rules')).toContain('每周一')
      expect(text('.money-rules')).toContain('电子签约')
      rig.utils.fireEvent.click(buttonWithText('立即提现'))
      await until(() => expect(text('.ui-dialog__text')).toContain('¥81.70'))
      click(rig.utils, '.ui-dialog__button--primary')
      await until(() => expect(text('.ui-dialog__text')).toBe('提现申请已提交'))
      expect(backend.calls.find((c) => c.path === APPLY)?.body).toEqual({ loginData: 'login-teacher' })
      await until(() => expect(text('.money-record__status')).toBe('等待打款'))
      expect(text('.money-record__amount')).toBe('到账 ¥80.89')
    })

    it.each([
      ['no card', { isBindBankCard: 0 }, '您还没有添加银行卡', '去添加'],
      ['an erroneous card', { isErrorBankInfo: 1 }, '提现信息有误，请修改提现信息', '修改'],
    ] as const)('with %s asks to fix it first and goes to the card form', async (_name, summary, message, button) => {
      const { backend } = await show({ [INFO]: () => ok({ object: { ...SUMMARY, ...summary } }) })
      await until(() => expect(text('.money-balances__total')).toBe('81.70'))
      rig.utils.fireEvent.click(buttonWithText('立即提现'))
      await until(() => expect(text('.ui-dialog__text')).toBe(message))
      rig.utils.fireEvent.click(buttonWithText(button))
      await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('WithdrawBindCardEdit', { cardInfo: 1 }) }))
      expect(backend.calls.some((c) => c.path === APPLY)).toBe(false)
    })

    it('a refused withdrawal says why and clears the card-updated flag', async () => {
      const { storage } = await show(
        { [INFO]: () => ok({ object: SUMMARY }), [APPLY]: () => refuse(409, 'no withdrawable income') },
        { withdrawCardUpdated: '1' },
      )
      await until(() => expect(text('.money-balances__total')).toBe('81.70'))
      rig.utils.fireEvent.click(buttonWithText('立即提现'))
      await until(() => expect(document.querySelector('.ui-dialog__button--primary')).not.toBeNull())
      click(rig.utils, '.ui-dialog__button--primary')
      await until(() => expect(text('.ui-dialog__text')).toBe('no withdrawable income'))
      expect(text('.ui-dialog__title')).toBe('提现失败')
      expect(storage.get('withdrawCardUpdated')).toBeUndefined()
    })

    it('a bank-info failure shows its reason; a retryable failure offers a retry', async () => {
      const { backend } = await show({
        [INFO]: () => ok({ object: SUMMARY }),
        [CLEARINGS]: () =>
          list([
            clearing({ clearingNO: 'CLBANK', clearingStatus: 2, failType: 1, failReason: 'the bank card information is wrong' }),
            clearing({ clearingNO: 'CLOTHER', clearingStatus: 2, failType: 0, retryable: 1 }),
            clearing({ clearingNO: 'CLPAID', clearingStatus: 1 }),
          ]),
        [APPLY_AGAIN]: (body) => ok({ object: clearing({ clearingNO: body.clearingNO }) }),
      })
      await until(() => expect(document.querySelectorAll('.money-record')).toHaveLength(3))
      expect(text('.money-record__reason')).toBe('失败原因：银行卡信息有误')
      expect(document.querySelectorAll('.money-record__retry:not(.money-record__retry--fix)')).toHaveLength(1)
      expect([...document.querySelectorAll('.money-record__status')].map((e) => e.textContent)).toEqual(['提现失败', '提现失败', '提现成功'])
      click(rig.utils, '.money-record__retry:not(.money-record__retry--fix)')
      await until(() => expect(text('.ui-dialog__text')).toBe('已重新提交'))
      expect(backend.calls.find((c) => c.path === APPLY_AGAIN)?.body).toEqual({ clearingNO: 'CLOTHER' })
    })

    it('the retry rule: an erroneous card not updated since asks to modify it instead of retrying', async () => {
      const { backend } = await show({
        [INFO]: () => ok({ object: { ...SUMMARY, isErrorBankInfo: 1 } }),
        [CLEARINGS]: () => list([clearing({ clearingStatus: 2, failType: 0, retryable: 1 })]),
      })
      await until(() => expect(document.querySelector('.money-record__retry')).not.toBeNull())
      await until(() => expect(text('.money-balances__total')).toBe('81.70'))
      click(rig.utils, '.money-record__retry')
      await until(() => expect(text('.ui-dialog__text')).toBe('提现信息有误，请修改提现信息'))
      expect(backend.calls.some((c) => c.path === APPLY_AGAIN)).toBe(false)
    })

    it('a failed summary is an error with a retry; a failed record list too', async () => {
      await show({ [INFO]: () => refuse(500, 'ledger down'), [CLEARINGS]: () => refuse(500, 'records down') })
      await until(() => expect([...document.querySelectorAll('.state-view__detail')].map((e) => e.textContent)).toEqual(['ledger down', 'records down']))
    })
  })

  describe('/withdrawBindCard', () => {
    async function show(routes: Record<string, Handler>) {
      const stores = moneyStores(routes)
      const store = new BankCardStore(stores.money, messageOf)
      await mount(rig.utils, WithStores, { stores: stores.app, children: <BankCardScreen store={store} /> })
      await act(async () => store.load())
      return { ...stores, store }
    }

    it('a bound card shows the bank and only the last 4 digits; unbinding asks first, then shows the add tile', async () => {
      const { backend } = await show({ [CARD_INFO]: () => ok({ object: CARD }), [UNBIND]: () => ok(null) })
      await until(() => expect(text('.bank-card__number')).toBe('**** **** **** 8888'))
      expect(text('.bank-card__bank')).toBe('招商银行')
      expect(document.body.textContent).not.toContain('6214830000008888')
      rig.utils.fireEvent.click(buttonWithText('解除绑定'))
      await until(() => expect(text('.ui-dialog__text')).toBe('确认解除绑定银行卡'))
      expect(backend.calls.some((c) => c.path === UNBIND)).toBe(false)
      click(rig.utils, '.ui-dialog__button--primary')
      await until(() => expect(text('.bank-card__add')).toBe('添加银行卡'))
      expect(backend.calls.filter((c) => c.path === UNBIND)).toHaveLength(1)
    })

    it('modify opens the form for the bound card', async () => {
      await show({ [CARD_INFO]: () => ok({ object: CARD }) })
      await until(() => expect(document.querySelector('.bank-card__number')).not.toBeNull())
      rig.utils.fireEvent.click(buttonWithText('修改'))
      await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('WithdrawBindCardEdit', { cardInfo: 1 }) }))
    })

    it('no card (404): the add tile opens an empty form', async () => {
      await show({ [CARD_INFO]: () => refuse(404, 'no bank card is bound') })
      await until(() => expect(text('.bank-card__add')).toBe('添加银行卡'))
      click(rig.utils, '.bank-card--add')
      await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('WithdrawBindCardEdit') }))
    })

    it('a failure is an error state with a retry; a failed unbind says why', async () => {
      let down = true
      await show({ [CARD_INFO]: () => (down ? refuse(500, 'bank service down') : ok({ object: CARD })), [UNBIND]: () => refuse(500, 'try later') })
      await until(() => expect(text('.state-view__detail')).toBe('bank service down'))
      down = false
      click(rig.utils, '.state-view__action')
      await until(() => expect(document.querySelector('.bank-card__number')).not.toBeNull())
      rig.utils.fireEvent.click(buttonWithText('解除绑定'))
      await until(() => expect(document.querySelector('.ui-dialog__button--primary')).not.toBeNull())
      click(rig.utils, '.ui-dialog__button--primary')
      await until(() => expect(text('.money__error')).toBe('try later'))
      expect(text('.bank-card__number')).toBe('**** **** **** 8888')
    })
  })

  describe('/withdrawBindCardEdit', () => {
    async function show(routes: Record<string, Handler>, editing = false) {
      const stores = moneyStores(routes)
      const store = new CardFormStore(stores.money, stores.storage, messageOf, editing)
      await mount(rig.utils, WithStores, { stores: stores.app, children: <CardFormScreen store={store} /> })
      if (editing) await act(async () => store.loadBound())
      return { ...stores, store }
    }
    const FIELDS = ['realName', 'idCardNo', 'bankName', 'bankNo', 'phone'] as const

    async function fill(values: Record<(typeof FIELDS)[number], string>) {
      const inputs = document.querySelectorAll('.card-form__field')
      for (const [index, field] of FIELDS.entries()) {
        const host = inputs[index]
        host.setAttribute('data-field', field)
        await typeInto(rig.utils, `[data-field="${field}"]`, values[field])
      }
    }

    it('shows the notice, the fixed ID card type, and checks the fields in the spec\'s order with its alerts', async () => {
      const { backend } = await show({})
      await until(() => expect(document.querySelectorAll('.card-form__field input')).toHaveLength(5))
      expect(text('.card-form__notice')).toContain('提现失败')
      expect(text('.card-form__fixed-value')).toBe('身份证')
      const expected = ['请输入正确的姓名', '请输入正确的证件号码', '请输入正确的银行名称', '请输入正确的银行卡号', '请输入正确的手机号']
      const values = { realName: '林晓', idCardNo: '110101199001011234', bankName: '招商银行', bankNo: '6214830000008888', phone: '13800000001' }
      for (const [index, message] of expected.entries()) {
        const partial = Object.fromEntries(FIELDS.map((f, i) => [f, i < index ? values[f] : ''])) as typeof values
        await fill(partial)
        rig.utils.fireEvent.click(buttonWithText('提交'))
        await until(() => expect(text('.ui-dialog__text')).toBe(message))
        click(rig.utils, '.ui-dialog__button')
        await until(() => expect(document.querySelector('.ui-dialog')).toBeNull())
      }
      expect(backend.calls).toEqual([])
    })

    it('edits the bound card: loads it, saves without the blanks typed in numbers, sets the card-updated flag, goes back', async () => {
      const { backend, storage } = await show({ [CARD_INFO]: () => ok({ object: MASKED_CARD }), [SAVE_CARD]: () => ok({ object: MASKED_CARD }) }, true)
      await until(() => expect((document.querySelectorAll('.card-form__field input')[3] as HTMLInputElement | undefined)?.value).toBe('**** **** **** 8888'))
      await fill({ ...CARD, bankNo: '6222 0200 0000 4321' })
      rig.utils.fireEvent.click(buttonWithText('提交'))
      await until(() => expect(rig.navigateBack).toHaveBeenCalled())
      expect(backend.calls.find((c) => c.path === SAVE_CARD)?.body).toEqual({ ...CARD, bankNo: '6222020000004321' })
      expect(storage.get('withdrawCardUpdated')).toBe('1')
    })

    it('a save the server refuses says why, stays, and sets no flag', async () => {
      const { storage } = await show({ [SAVE_CARD]: () => refuse(400, 'bankNo must match pattern') })
      await until(() => expect(document.querySelectorAll('.card-form__field input')).toHaveLength(5))
      await fill({ ...CARD })
      rig.utils.fireEvent.click(buttonWithText('提交'))
      await until(() => expect(text('.ui-dialog__text')).toBe('bankNo must match pattern'))
      expect(text('.ui-dialog__title')).toBe('保存失败')
      expect(rig.navigateBack).not.toHaveBeenCalled()
      expect(storage.get('withdrawCardUpdated')).toBeUndefined()
    })
  })
})
