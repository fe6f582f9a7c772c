/**
 * Issue 34 item 1: /withdrawBindCardEdit tells a wrong number in the spec's words (spec 001 §5)
 * before any call: the 保存失败 dialog showed the server's "bankNo must match pattern …". The real
 * store and money api run; only the request and Taro navigation (the edge) are faked.
 */
import { CardFormScreen, CardFormStore } from '../../../src/features/money'
import { mount, until } from '../act'
import { WithStores } from '../appStores'
import { CARD, click, moneyStores, ok, text, typeInto, screenRig } from './support'

const SAVE_CARD = '/wmim/course/clearing/bank/saveOrUpdate.do'
const FIELDS = ['realName', 'idCardNo', 'bankName', 'bankNo', 'phone'] as const
type Form = Record<(typeof FIELDS)[number], string>

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

describe('/withdrawBindCardEdit formats', () => {
  const rig = screenRig()

  async function show() {
    const stores = moneyStores({ [SAVE_CARD]: () => ok({ object: CARD }) })
    await mount(rig.utils, WithStores, { stores: stores.app, children: <CardFormScreen store={new CardFormStore(stores.money, stores.storage, messageOf, false)} /> })
    await until(() => expect(document.querySelectorAll('.card-form__field input')).toHaveLength(5))
    return stores
  }

  async function submit(form: Form): Promise<void> {
    const hosts = document.querySelectorAll('.card-form__field')
    for (const [index, field] of FIELDS.entries()) {
      hosts[index].setAttribute('data-field', field)
      await typeInto(rig.utils, `[data-field="${field}"]`, form[field])
    }
    const button = [...document.querySelectorAll('taro-button-core')].find((b) => b.textContent?.trim() === '提交')
    if (!button) throw new Error('no submit button')
    rig.utils.fireEvent.click(button)
  }

  it.each<[string, Partial<Form>, string]>([
    ['a card number of 11 digits', { bankNo: '62148300000' }, '请输入正确的银行卡号'],
    ['a card number with a letter', { bankNo: '6214 8300 0000 888O' }, '请输入正确的银行卡号'],
    ['an ID number ending in Y', { idCardNo: '11010119900101123Y' }, '请输入正确的证件号码'],
    ['a phone of 4 digits', { phone: '1380' }, '请输入正确的手机号'],
    ['a wrong ID number before a wrong card number', { idCardNo: '1', bankNo: '1' }, '请输入正确的证件号码'],
  ])('%s is told in an alert and never sent', async (_name, wrong, message) => {
    const { backend } = await show()
    await submit({ ...CARD, ...wrong })
    await until(() => expect(text('.ui-dialog__text')).toBe(message))
    expect(text('.ui-dialog')).not.toContain('保存失败')
    expect(backend.calls).toEqual([])
    click(rig.utils, '.ui-dialog__button')
    await until(() => expect(document.querySelector('.ui-dialog')).toBeNull())
  })

  it('sends a card typed in groups, without the blanks', async () => {
    const { backend } = await show()
    await submit({ ...CARD, bankNo: '6214 8300 0000 8888', phone: '138 0000 0001' })
    await until(() => expect(rig.navigateBack).toHaveBeenCalled())
    expect(backend.calls.find((c) => c.path === SAVE_CARD)?.body).toEqual(CARD)
  })
})
