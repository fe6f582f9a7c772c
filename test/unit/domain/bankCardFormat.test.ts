/**
 * Issue 34 item 1: the card form checks each field's format before the server sees it, in the
 * spec's order and with its alerts (spec 001 §5), by the rules the server's schema is built from
 * (BANK_CARD_RULES), so the server's refusal ("bankNo must match pattern …") is never the message.
 */
import { BANK_CARD_RULES, validateBankCard, type BankCardForm } from '../../../src/domain/validation'

const complete: BankCardForm = {
  realName: '张三',
  idCardNo: '110101199003071234',
  bankName: '招商银行',
  bankNo: '6225880000000000',
  phone: '13800138000',
}

describe('the card form formats', () => {
  it.each<[keyof BankCardForm, string]>([
    ['idCardNo', '11010119900307123X'],
    ['idCardNo', '110101 19900307 123x'],
    ['idCardNo', '**************123X'],
    ['bankNo', '6225 8800 0000 0000'],
    ['bankNo', '6225-8800-0000-0000-123'],
    ['bankNo', '**** **** **** 8888'],
    ['phone', '138 0013 8000'],
    ['phone', '+85291234567'],
    ['phone', '138****8000'],
    ['realName', 'Ｌｉｎ 晓'],
    ['realName', '名'.repeat(64)],
    ['bankName', '中国工商银行 北京分行'],
  ])('takes %s %p', (field, value) => {
    expect(validateBankCard({ ...complete, [field]: value }).ok).toBe(true)
  })

  it.each<[keyof BankCardForm, string, string]>([
    ['realName', '名'.repeat(65), 'validation.card.name'],
    ['realName', '张\u0000三', 'validation.card.name'],
    ['idCardNo', '110101', 'validation.card.idCardNo'],
    ['idCardNo', '1101011990030712345', 'validation.card.idCardNo'],
    ['idCardNo', '11010119900307123Y', 'validation.card.idCardNo'],
    ['idCardNo', 'X10101199003071234', 'validation.card.idCardNo'],
    ['bankName', '银\u202e行', 'validation.card.bankName'],
    ['bankName', '行'.repeat(65), 'validation.card.bankName'],
    ['bankNo', '62258800000', 'validation.card.bankNo'],
    ['bankNo', '6'.repeat(25), 'validation.card.bankNo'],
    ['bankNo', '6225880000000000a', 'validation.card.bankNo'],
    ['bankNo', '６２２５８８００００００００００', 'validation.card.bankNo'],
    ['bankNo', '6225.8800.0000.0000', 'validation.card.bankNo'],
    ['bankNo', '**** **** 8888', 'validation.card.bankNo'],
    ['phone', '1380', 'validation.card.phone'],
    ['phone', '138001380001380013800138', 'validation.card.phone'],
    ['phone', '138-0013-80OO', 'validation.card.phone'],
    ['phone', '13800138000;drop', 'validation.card.phone'],
  ])('refuses %s %p with %s', (field, value, key) => {
    expect(validateBankCard({ ...complete, [field]: value })).toEqual({ ok: false, errorKey: key })
  })

  it('tells the first wrong field in the spec order: name, ID number, bank name, card number, phone', () => {
    const wrong: BankCardForm = { realName: '名'.repeat(65), idCardNo: '123', bankName: '\u0007', bankNo: '1', phone: '1' }
    const order: Array<[keyof BankCardForm, string]> = [
      ['realName', 'validation.card.name'],
      ['idCardNo', 'validation.card.idCardNo'],
      ['bankName', 'validation.card.bankName'],
      ['bankNo', 'validation.card.bankNo'],
      ['phone', 'validation.card.phone'],
    ]
    order.forEach(([, key], first) => {
      const form = { ...complete }
      for (const [field] of order.slice(first)) form[field] = wrong[field]
      expect(validateBankCard(form)).toEqual({ ok: false, errorKey: key })
    })
  })

  it('holds every field to a limit, and every number to a pattern the server reads', () => {
    for (const field of ['idCardNo', 'bankNo', 'phone'] as const) expect(() => new RegExp(BANK_CARD_RULES[field].pattern)).not.toThrow()
    expect(Object.keys(BANK_CARD_RULES).sort()).toEqual(Object.keys(complete).sort())
  })
})
