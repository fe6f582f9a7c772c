import fc from 'fast-check'
import { cardForWire, isMaskedCardField, maskCardNumber, maskedFieldOnBlur, maskedFieldOnFocus, recordAction, retryAllowed, withdrawStep } from '../../../src/domain/money'
import { fenToYuan } from '../../../src/domain/format'

describe('withdrawStep', () => {
  it.each([
    [{ isBindBankCard: 0, isErrorBankInfo: 0, usableMoney: 100 }, 'addCard'],
    [{ isBindBankCard: 0, isErrorBankInfo: 1, usableMoney: 100 }, 'addCard'],
    [{ isBindBankCard: 1, isErrorBankInfo: 1, usableMoney: 100 }, 'modifyCard'],
    [{ isBindBankCard: 1, isErrorBankInfo: 0, usableMoney: 0 }, 'nothing'],
    [{ isBindBankCard: 1, isErrorBankInfo: 0, usableMoney: -5 }, 'nothing'],
    [{ isBindBankCard: 1, isErrorBankInfo: 0, usableMoney: Number.NaN }, 'nothing'],
    [{ isBindBankCard: 1, isErrorBankInfo: 0, usableMoney: 0.5 }, 'nothing'],
    [{ isBindBankCard: 1, isErrorBankInfo: 0, usableMoney: 1 }, 'confirm'],
  ])('%p -> %p', (state, step) => {
    expect(withdrawStep(state)).toBe(step)
  })

  it('never confirms without a good card, whatever the numbers', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer(), fc.double(), (bound, error, usable) => {
        const step = withdrawStep({ isBindBankCard: bound, isErrorBankInfo: error, usableMoney: usable })
        if (step === 'confirm') expect(bound === 1 && error !== 1 && usable > 0 && Number.isInteger(usable)).toBe(true)
      }),
    )
  })
})

describe('retryAllowed (spec 001 §5)', () => {
  it.each([
    [0, false, true],
    [0, true, true],
    [1, false, false],
    [1, true, true],
  ])('isErrorBankInfo %p, card updated %p -> %p', (error, updated, allowed) => {
    expect(retryAllowed(error, updated)).toBe(allowed)
  })
})

describe('recordAction (spec 001 §4, issue 30 item 8)', () => {
  it.each([
    [{ clearingStatus: 0, failType: 0, retryable: 0 }, 'none'],
    [{ clearingStatus: 1, failType: 0, retryable: 0 }, 'none'],
    // a bank-info failure: the card is fixed first, then the record offers the retry
    [{ clearingStatus: 2, failType: 1, retryable: 0 }, 'fixCard'],
    [{ clearingStatus: 2, failType: 1, retryable: 1 }, 'retry'],
    [{ clearingStatus: 2, failType: 0, retryable: 1 }, 'retry'],
    // nothing left to pay (its sales refunded)
    [{ clearingStatus: 2, failType: 0, retryable: 0 }, 'none'],
    // a retryable flag on a record that did not fail offers nothing
    [{ clearingStatus: 0, failType: 0, retryable: 1 }, 'none'],
    [{ clearingStatus: 7, failType: 1, retryable: 1 }, 'none'],
  ])('%p -> %p', (record, action) => {
    expect(recordAction(record)).toBe(action)
  })
})

describe('masked card fields (issue 30 item 9)', () => {
  it('knows the three masked numbers', () => {
    expect(['realName', 'idCardNo', 'bankName', 'bankNo', 'phone'].filter(isMaskedCardField)).toEqual(['idCardNo', 'bankNo', 'phone'])
  })

  it.each([
    // stored, current, on focus, on blur
    ['**** **** **** 8888', '**** **** **** 8888', '', '**** **** **** 8888'],
    ['**** **** **** 8888', '', '', '**** **** **** 8888'],
    ['**** **** **** 8888', '   ', '   ', '**** **** **** 8888'],
    ['**** **** **** 8888', '6222', '6222', '6222'],
    // a new card: nothing stored, nothing masked
    [undefined, '', '', ''],
    [undefined, '6222', '6222', '6222'],
    // a stored value that is not masked is never put back
    ['6214830000008888', '6214830000008888', '6214830000008888', '6214830000008888'],
    ['6214830000008888', '', '', ''],
  ])('stored %p, showing %p: focus -> %p, blur -> %p', (stored, current, focused, blurred) => {
    expect(maskedFieldOnFocus(stored, current)).toBe(focused)
    expect(maskedFieldOnBlur(stored, current)).toBe(blurred)
  })

  it('never turns a typed number into the mask, nor the mask into anything but empty', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (stored, current) => {
        const focused = maskedFieldOnFocus(stored, current)
        expect(focused === current || (focused === '' && current === stored)).toBe(true)
        const blurred = maskedFieldOnBlur(stored, current)
        expect(blurred === current || (blurred === stored && current.trim() === '')).toBe(true)
      }),
    )
  })
})

describe('maskCardNumber', () => {
  it.each([
    ['6214830000008888', '**** **** **** 8888'],
    ['6214 8300 0000 8888', '**** **** **** 8888'],
    ['12', '**** **** **** 12'],
    ['', '**** **** ****'],
    [null, '**** **** ****'],
    [undefined, '**** **** ****'],
    ['<script>8888</script>', '**** **** **** 8888'],
  ])('%p -> %p', (raw, shown) => {
    expect(maskCardNumber(raw)).toBe(shown)
  })

  it('never shows more than the last 4 digits', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const shown = maskCardNumber(raw)
        const digits = shown.replace(/\D/g, '')
        expect(digits.length).toBeLessThanOrEqual(4)
        expect(raw.replace(/\D/g, '').endsWith(digits)).toBe(true)
      }),
    )
  })
})

describe('cardForWire', () => {
  it('drops blanks and dashes inside the numbers, keeps names as they are', () => {
    expect(
      cardForWire({ realName: '林 晓', idCardNo: '110101 19900101 123X', bankName: '招商 银行', bankNo: '6214-8300 0000 8888', phone: '138 0000 0001' }),
    ).toEqual({ realName: '林 晓', idCardNo: '11010119900101123X', bankName: '招商 银行', bankNo: '6214830000008888', phone: '13800000001' })
  })
})

describe('money shown as yuan (spec 001 §5: fen times 0.01, two decimals)', () => {
  it('agrees with exact decimal arithmetic on every safe fen amount', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), (fen) => {
        const big = BigInt(Math.abs(fen))
        const expected = `${fen < 0 ? '-' : ''}${big / 100n}.${String(big % 100n).padStart(2, '0')}`
        expect(fenToYuan(fen)).toBe(fen === 0 ? '0.00' : expected)
      }),
    )
  })

  it('sums of fen shown as yuan never carry float artefacts', () => {
    expect(fenToYuan(10 + 20)).toBe('0.30')
    expect(fenToYuan(8170 - 81)).toBe('80.89')
  })
})
