import TestUtils from '@tarojs/test-utils-react'
import { PayDialog } from '../../../src/features/purchase/PayDialog'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { t } from '../../../src/locales'
import { click, fakeBackend, paidLessonInfo, ok, purchaseStores, text } from './support'
import { mount, settle, until } from '../act'
import { WithStores } from '../appStores'

describe('pay dialog', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  // fee is in fen: fee/100 with two decimals (spec 000 §5)
  it.each([
    [990, '¥9.90'],
    [1, '¥0.01'],
    [100000, '¥1000.00'],
    [0, '¥0.00'],
  ])('shows %i fen as %s', async (priceFen, shown) => {
    await mount(utils, PayDialog, { priceFen, onLookAgain: jest.fn(), onGoPay: jest.fn() })
    expect(text('.pay-dialog__price')).toBe(shown)
  })

  it("calls back for 'look again' and 'go pay'", async () => {
    const onLookAgain = jest.fn()
    const onGoPay = jest.fn()
    await mount(utils, PayDialog, { priceFen: 990, onLookAgain, onGoPay })
    expect(text('.pay-dialog__look-again')).toBe(t('purchase.dialog.lookAgain'))
    click(utils, '.pay-dialog__look-again')
    expect(onLookAgain).toHaveBeenCalledTimes(1)
    click(utils, '.pay-dialog__go-pay')
    expect(onGoPay).toHaveBeenCalledTimes(1)
  })
})

describe('free preview in the lesson viewer', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('shows the preview, the share reward, and after payment the full lesson', async () => {
    let bought = false
    const message = (id: number) => ({ id, msgId: `m${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `line ${id}` }) })
    const backend = fakeBackend({
      '/wmim/course/v2/query/info.do': () =>
        ok({
          object: paidLessonInfo({
            isCheckedFreeCount: 1,
            freeCount: 2,
            fee: 990,
            isCheckedShareRecash: 1,
            shareRecash: 100,
            isBought: bought ? 1 : 0,
          }),
        }),
      '/wmim/course/v2/free/message/list.do': (body) => (body.page === '1' ? ok({ array: [message(1), message(2)] }) : { code: 404, msg: '', data: null }),
      '/wmim/course/v2/message/list.do': () => ok({ array: [1, 2, 3, 4].map(message) }),
      '/wmim/course/v2/order/create.do': () =>
        ok({ object: { appId: 'a', timeStamp: '1', nonceStr: 'n', package: 'p', signType: 'RSA', sign: 's', isBought: 0, orderNO: 'O9', totalFee: 990, isShowjoinQrcode: 0, joinQrcode: '', joinGroupName: '' } }),
      '/wmim/course/v2/order/query.do': () => {
        bought = true
        return ok({ object: { orderNO: 'O9', orderStatus: 1, isShowjoinQrcode: 0, joinQrcode: '' } })
      },
    })
    const stores = purchaseStores(backend, { storage: { loginData: JSON.stringify({ loginData: 'ld', isWeMaiUser: 1 }) } })
    await mount(utils, WithStores, { stores: stores.app, children: <LessonScreen link={{ kind: 'v2', courseData: 'demo-paid' }} store={stores.lessonStore} /> })
    await utils.queries.waitForQuerySelector('.lesson-preview-bar')
    expect(text('.lesson__list')).toContain('line 2')
    expect(text('.lesson__list')).not.toContain('line 3')
    expect(text('.share-reward__text')).toBe(t('access.shareReward', { amount: '1.00' }))

    click(utils, '.lesson-preview-bar__button')
    await utils.queries.waitForQuerySelector('.pay-dialog')
    expect(text('.pay-dialog__price')).toBe('¥9.90')
    click(utils, '.pay-dialog__go-pay')
    await utils.queries.waitForQuerySelector('.pay-confirm')
    expect(stores.payment.pay).not.toHaveBeenCalled()
    click(utils, '.pay-confirm__pay')
    await settle(30)
    expect(stores.payment.pay).toHaveBeenCalledTimes(1)
    await until(() => expect(text('.lesson__list')).toContain('line 4'))
    expect(document.querySelector('.lesson-preview-bar')).toBeNull()
    expect(document.querySelector('.pay-dialog')).toBeNull()
  })
})
