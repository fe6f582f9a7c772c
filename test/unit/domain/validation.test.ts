import fc from 'fast-check'
import {
  AUDIO_MAX_BYTES,
  checkAudioSize,
  extractInvitePassword,
  hasControlCharacter,
  validateBankCard,
  validateFriendMessage,
  validateLivePassword,
  validatePhone,
  validateSmsCode,
  validateWatermarkAccount,
  type BankCardForm,
} from '../../../src/domain/validation'

const I_AM = '我是'

describe('validatePhone', () => {
  it.each([
    ['13800138000', '13800138000'],
    ['  13800138000 ', '13800138000'],
    ['138 0013 8000', '13800138000'],
    ['138-0013-8000', '13800138000'],
    ['91234567', '91234567'],
  ])('accepts %p as %p', (raw, digits) => {
    expect(validatePhone(raw)).toEqual({ ok: true, value: digits })
  })

  it.each(['', '   ', '\t\n', ' - ', null, undefined, '+8613800138000', '138a0013800', '１３８', '138.0013', '1/2'])(
    'rejects %p with the phone message',
    (raw) => {
      expect(validatePhone(raw)).toEqual({ ok: false, errorKey: 'validation.phoneEmpty' })
    },
  )

  it('does not judge length: the spec checks only emptiness', () => {
    expect(validatePhone('1')).toEqual({ ok: true, value: '1' })
  })
})

describe('validateSmsCode', () => {
  it.each(['', '  ', null, undefined])('rejects %p', (raw) => {
    expect(validateSmsCode(raw)).toEqual({ ok: false, errorKey: 'validation.codeEmpty' })
  })

  it.each([
    ['1', '1'],
    [' 1234 ', '1234'],
    ['123456', '123456'],
  ])('accepts %p of any length (the length-4 check has no effect in the spec)', (raw, code) => {
    expect(validateSmsCode(raw)).toEqual({ ok: true, value: code })
  })
})

describe('validateFriendMessage', () => {
  it('sends nothing when the message is empty or still the default phrase', () => {
    for (const raw of ['', '   ', null, undefined, I_AM, ` ${I_AM} `]) {
      expect(validateFriendMessage(raw, I_AM)).toEqual({ ok: true, value: undefined })
    }
  })

  it('sends what the user typed, trimmed', () => {
    expect(validateFriendMessage(' 我是小王 ', I_AM)).toEqual({ ok: true, value: '我是小王' })
  })

  it('accepts exactly 64 characters and rejects 65', () => {
    expect(validateFriendMessage('字'.repeat(64), I_AM)).toEqual({ ok: true, value: '字'.repeat(64) })
    expect(validateFriendMessage('字'.repeat(65), I_AM)).toEqual({
      ok: false,
      errorKey: 'validation.friendMessageTooLong',
    })
  })

  it('counts an emoji as one character, though it takes two UTF-16 units', () => {
    const emoji64 = '😀'.repeat(64)
    expect(emoji64.length).toBe(128)
    expect(validateFriendMessage(emoji64, I_AM)).toEqual({ ok: true, value: emoji64 })
    expect(validateFriendMessage(`${emoji64}a`, I_AM)).toMatchObject({ ok: false })
  })

  it('does not count surrounding blanks', () => {
    expect(validateFriendMessage(`  ${'a'.repeat(64)}  `, I_AM)).toEqual({ ok: true, value: 'a'.repeat(64) })
  })

  it('never throws and never lets more than 64 characters through', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (raw) => {
        const result = validateFriendMessage(raw, I_AM)
        if (result.ok && result.value !== undefined) expect(Array.from(result.value).length).toBeLessThanOrEqual(64)
        if (!result.ok) expect(Array.from(raw.trim()).length).toBeGreaterThan(64)
      }),
    )
  })
})

describe('validateWatermarkAccount', () => {
  it.each(['', '  ', null, undefined])('rejects %p', (raw) => {
    expect(validateWatermarkAccount(raw)).toEqual({ ok: false, errorKey: 'validation.watermarkAccountEmpty' })
  })

  it('accepts a non-empty account, trimmed', () => {
    expect(validateWatermarkAccount(' wm8848 ')).toEqual({ ok: true, value: 'wm8848' })
  })
})

describe('validateBankCard', () => {
  const complete: BankCardForm = {
    realName: '张三',
    idCardNo: '110101199003071234',
    bankName: '招商银行',
    bankNo: '6225880000000000',
    phone: '13800138000',
  }

  it('accepts a complete form, trimmed', () => {
    expect(validateBankCard({ ...complete, realName: ' 张三 ' })).toEqual({ ok: true, value: complete })
  })

  // Spec 001 §5: name, ID number, bank name, card number, phone.
  const order: Array<[keyof BankCardForm, string]> = [
    ['realName', 'validation.card.name'],
    ['idCardNo', 'validation.card.idCardNo'],
    ['bankName', 'validation.card.bankName'],
    ['bankNo', 'validation.card.bankNo'],
    ['phone', 'validation.card.phone'],
  ]

  it.each(order)('an empty %s alone gives %s', (field, key) => {
    expect(validateBankCard({ ...complete, [field]: '  ' })).toEqual({ ok: false, errorKey: key })
  })

  it('reports the first empty field in the spec order, for every set of empty fields', () => {
    for (let mask = 1; mask < 1 << order.length; mask += 1) {
      const form: Partial<BankCardForm> = { ...complete }
      order.forEach(([field], i) => {
        if (mask & (1 << i)) delete form[field]
      })
      const first = order.findIndex((_, i) => mask & (1 << i))
      expect(validateBankCard(form)).toEqual({ ok: false, errorKey: order[first][1] })
    }
  })
})

describe('validateLivePassword', () => {
  it.each(['', 'a', 'abc', null, undefined, '😀😀😀'])('rejects %p as shorter than 4', (raw) => {
    expect(validateLivePassword(raw)).toEqual({ ok: false, errorKey: 'validation.livePasswordShort' })
  })

  it.each(['abcd', '1234', 'a long password', ' ab '])('accepts %p as typed', (raw) => {
    expect(validateLivePassword(raw)).toEqual({ ok: true, value: raw })
  })
})

describe('extractInvitePassword', () => {
  it.each([
    ['复制这段话¥AbC123¥打开App', 'AbC123'],
    ['复制这段话￥AbC123￥打开App', 'AbC123'],
    ['mixed ¥AbC123￥ markers', 'AbC123'],
    ['¥ AbC123 ¥', 'AbC123'],
    ['first ¥ab¥cd¥ last', 'ab¥cd'],
    ['￥a￥', 'a'],
  ])('takes the text between the first and last marker in %p', (text, password) => {
    expect(extractInvitePassword(text)).toBe(password)
  })

  it.each(['', 'no markers', 'only one ¥ here', '¥¥', '¥   ￥', '$AbC123$', null, undefined])(
    'finds nothing in %p',
    (text) => {
      expect(extractInvitePassword(text)).toBeUndefined()
    },
  )

  it('never throws, and what it finds contains no surrounding blank', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom('¥', '￥', ' '), fc.string()), { maxLength: 8 }), (parts) => {
        const found = extractInvitePassword(parts.join(''))
        if (found !== undefined) {
          expect(found).toBe(found.trim())
          expect(found).not.toBe('')
        }
      }),
    )
  })
})

describe('checkAudioSize', () => {
  it('allows exactly 50 MB and refuses one byte more', () => {
    expect(AUDIO_MAX_BYTES).toBe(52_428_800)
    expect(checkAudioSize(52_428_800)).toEqual({ ok: true, value: 52_428_800 })
    expect(checkAudioSize(52_428_801)).toEqual({ ok: false, errorKey: 'validation.audioTooLarge' })
  })

  it('reads a Content-Length header value', () => {
    expect(checkAudioSize('1024')).toEqual({ ok: true, value: 1024 })
    expect(checkAudioSize(' 60000000 ')).toEqual({ ok: false, errorKey: 'validation.audioTooLarge' })
  })

  it.each([null, undefined, '', 'big', '-5', -5, Number.NaN, Number.POSITIVE_INFINITY, '1e9'])(
    'cannot judge %p and lets it pass',
    (length) => {
      expect(checkAudioSize(length)).toEqual({ ok: true, value: undefined })
    },
  )
})

describe('hasControlCharacter', () => {
  const CONTROLS = [
    ...Array.from({ length: 0x20 }, (_, code) => code),
    ...Array.from({ length: 0x21 }, (_, i) => 0x7f + i),
    0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
  ].map((code) => String.fromCharCode(code))
  const typed = fc.string({ unit: 'grapheme', maxLength: 40 }).filter((text) => !CONTROLS.some((control) => text.includes(control)))

  it('finds none in what people type: Chinese, emoji with joiners, accents, punctuation, spaces', () => {
    for (const text of ['林老师', '学员阿杰 👨‍👩‍👧', 'Zoë, née O’Brien — «ok»', '6222 0212 3456 7890', '']) expect(hasControlCharacter(text)).toBe(false)
    fc.assert(fc.property(typed, (text) => !hasControlCharacter(text)))
  })

  it('finds every C0 and C1 control, DEL and bidirectional override or isolate, wherever it stands', () => {
    fc.assert(
      fc.property(typed, fc.constantFrom(...CONTROLS), typed, (before, control, after) => hasControlCharacter(before + control + after)),
    )
  })
})
