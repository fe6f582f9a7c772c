/**
 * Issue 34 section 2 item 8, /withdrawBindCard's `isBindCard` (spec 001 §2): /withdrawAction's
 * card management passes whether a card is bound; 0 shows the add-card tile at once, without the
 * info call, and the page asks the server again whenever it shows after that (back from the form).
 * The real stores and money api run; only the request and Taro navigation (the edge) are faked.
 */
import { act } from 'react'
import { toPageUrl } from '../../../src/domain/routes'
import { BankCardScreen, BankCardStore, WithdrawScreen, WithdrawStore } from '../../../src/features/money'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { CARD, SUMMARY, list, moneyStores, ok, screenRig, text } from '../money/support'

const INFO = '/wmim/course/clearing/info.do'
const CLEARINGS = '/wmim/course/clearing/list.do'
const CARD_INFO = '/wmim/course/clearing/bank/info.do'
const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))
const button = (label: string) => {
  const found = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === label)
  if (!found) throw new Error(`no button '${label}'`)
  return found
}

describe('isBindCard', () => {
  const rig = screenRig()

  it.each([
    [0, { ...SUMMARY, isBindBankCard: 0 as const }],
    [1, { ...SUMMARY, isBindBankCard: 1 as const }],
  ])('/withdrawAction\'s card management opens /withdrawBindCard with isBindCard %s', async (flag, summary) => {
    const stores = moneyStores({ [INFO]: () => ok({ object: summary }), [CLEARINGS]: () => list([]) })
    const store = new WithdrawStore({ money: stores.money, storage: stores.storage, loginData: stores.app.loginData, messageOf })
    await mount(rig.utils, WithStores, { stores: stores.app, children: <WithdrawScreen store={store} /> })
    await act(async () => store.load())
    await until(() => expect(button('银行卡管理')).toBeDefined())
    rig.utils.fireEvent.click(button('银行卡管理'))
    await until(() => expect(rig.navigateTo).toHaveBeenCalledWith({ url: toPageUrl('WithdrawBindCard', { isBindCard: flag }) }))
  })

  it('0: the add-card tile at once, without asking; shown again (back from the form) it asks and shows the card', async () => {
    const stores = moneyStores({ [CARD_INFO]: () => ok({ object: CARD }) })
    const store = new BankCardStore(stores.money, messageOf)
    await mount(rig.utils, WithStores, { stores: stores.app, children: <BankCardScreen store={store} /> })
    await act(async () => store.show(false))
    expect(text('.bank-card__add')).toBe('添加银行卡')
    expect(stores.backend.calls).toEqual([])
    await act(async () => store.show(false))
    await until(() => expect(text('.bank-card__number')).toBe('**** **** **** 8888'))
    expect(stores.backend.calls.map((c) => c.path)).toEqual([CARD_INFO])
  })

  it.each([true, undefined])('%s (or none): the page asks the server whether a card is bound', async (flag) => {
    const stores = moneyStores({ [CARD_INFO]: () => ok({ object: CARD }) })
    const store = new BankCardStore(stores.money, messageOf)
    await mount(rig.utils, WithStores, { stores: stores.app, children: <BankCardScreen store={store} /> })
    await act(async () => store.show(flag))
    await until(() => expect(text('.bank-card__bank')).toBe('招商银行'))
    expect(stores.backend.calls.map((c) => c.path)).toEqual([CARD_INFO])
  })
})
