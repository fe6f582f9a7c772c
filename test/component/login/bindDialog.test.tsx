import { recordToasts, type ToastRecorder } from '../toasts'
import TestUtils from '@tarojs/test-utils-react'
import { act } from 'react'
import { PhoneDialog, type PhoneDialogProps } from '../../../src/features/login/PhoneDialog'
import { t } from '../../../src/locales'
import { ApiError } from '../../../src/api/client'
import { click, loadCountries, text, typeInto, isDisabled } from '../purchase/support'
import { mount, settle, until, fakeClock } from '../act'

function props(overrides: Partial<PhoneDialogProps> = {}): PhoneDialogProps {
  return {
    title: t('login.title'),
    sendCode: jest.fn(async () => undefined),
    submit: jest.fn(async () => undefined),
    success: { text: t('login.success'), buttonText: t('login.gotIt') },
    onCancel: jest.fn(),
    onDone: jest.fn(),
    loadCountries,
    ...overrides,
  }
}

describe('phone login / bind dialog', () => {
  let utils: TestUtils
  let toasts: ToastRecorder
  beforeEach(() => {
    utils = new TestUtils()
    toasts = recordToasts()
  })
  afterEach(() => {
    jest.useRealTimers()
    toasts.stop()
    utils.unmout()
  })

  const toasted = () => toasts.texts()

  it('toasts an empty phone (get code and confirm) and an empty code, without calling the server', async () => {
    const p = props()
    await mount(utils, PhoneDialog, p)
    expect(text('.bind-dialog__country')).toBe('+86')
    click(utils, '.bind-dialog__get-code')
    click(utils, '.bind-dialog__confirm')
    await typeInto(utils, '.bind-dialog__phone', '13800000000')
    click(utils, '.bind-dialog__confirm')
    expect(toasted()).toEqual([t('validation.phoneEmpty'), t('validation.phoneEmpty'), t('validation.codeEmpty')])
    expect(p.sendCode).not.toHaveBeenCalled()
    expect(p.submit).not.toHaveBeenCalled()
  })

  it('counts 60 s down after the code is sent, the button disabled until the end', async () => {
    const p = props()
    await mount(utils, PhoneDialog, p)
    await typeInto(utils, '.bind-dialog__phone', '13800000000')
    fakeClock()
    await act(async () => {
      click(utils, '.bind-dialog__get-code')
    })
    expect(p.sendCode).toHaveBeenCalledWith('13800000000', '86')
    expect(text('.bind-dialog__get-code')).toBe(t('login.countdown', { seconds: 60 }))
    expect(isDisabled('.bind-dialog__get-code')).toBe(true)

    act(() => void jest.advanceTimersByTime(1000))
    expect(text('.bind-dialog__get-code')).toBe(t('login.countdown', { seconds: 59 }))
    click(utils, '.bind-dialog__get-code')
    expect(p.sendCode).toHaveBeenCalledTimes(1)

    act(() => void jest.advanceTimersByTime(58_000))
    expect(text('.bind-dialog__get-code')).toBe(t('login.countdown', { seconds: 1 }))
    act(() => void jest.advanceTimersByTime(1000))
    expect(text('.bind-dialog__get-code')).toBe(t('login.getCode'))
    expect(isDisabled('.bind-dialog__get-code')).toBe(false)
  })

  it('shows the message of a code the server rejects, then the success panel for a right one', async () => {
    const submit = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(400, '验证码错误或已过期', '/wmim/course/v2/phone/bind.do'))
      .mockResolvedValueOnce(undefined)
    const p = props({ submit })
    await mount(utils, PhoneDialog, p)
    await typeInto(utils, '.bind-dialog__phone', '13800000000')
    await typeInto(utils, '.bind-dialog__code', '0000')
    click(utils, '.bind-dialog__confirm')
    await until(() => expect(text('.bind-dialog__error')).toBe('验证码错误或已过期'))
    expect(submit).toHaveBeenCalledWith({ phone: '13800000000', interCode: '86', vcode: '0000', account: undefined })
    expect(document.querySelector('.bind-dialog--success')).toBeNull()

    await typeInto(utils, '.bind-dialog__code', '1234')
    click(utils, '.bind-dialog__confirm')
    await utils.queries.waitForQuerySelector('.bind-dialog--success')
    expect(text('.bind-dialog__success-text')).toBe(t('login.success'))
    click(utils, '.bind-dialog__done')
    expect(p.onDone).toHaveBeenCalledTimes(1)
  })

  it('shows the server message when sending the code fails, and starts no countdown', async () => {
    const p = props({ sendCode: jest.fn().mockRejectedValue(new Error('发送太频繁')) })
    await mount(utils, PhoneDialog, p)
    await typeInto(utils, '.bind-dialog__phone', '13800000000')
    // the press's whole chain (the refusal, the button ready again) runs inside act
    await act(async () => {
      click(utils, '.bind-dialog__get-code')
    })
    await until(() => expect(text('.bind-dialog__error')).toBe('发送太频繁'))
    expect(text('.bind-dialog__get-code')).toBe(t('login.getCode'))
  })

  it('picks another country code through the searchable picker', async () => {
    const p = props()
    await mount(utils, PhoneDialog, p)
    click(utils, '.bind-dialog__country')
    await utils.queries.waitForQuerySelector('.country-picker__item')
    const groups = Array.from(document.querySelectorAll('.country-picker__group-title')).map((g) => g.textContent)
    expect(groups).toEqual([t('country.recommended'), 'A', 'M', 'R', 'X', 'Y', 'Z'])
    await typeInto(utils, '.country-picker__search', '新加')
    await settle()
    const items = Array.from(document.querySelectorAll('.country-picker__name')).map((n) => n.textContent)
    expect(items).toEqual(['新加坡'])
    click(utils, '.country-picker__item')
    await utils.queries.waitForQuerySelector('.bind-dialog__country')
    expect(text('.bind-dialog__country')).toBe('+65')
    await typeInto(utils, '.bind-dialog__phone', '81234567')
    await act(async () => {
      click(utils, '.bind-dialog__get-code')
    })
    expect(p.sendCode).toHaveBeenCalledWith('81234567', '65')
  })

  it('asks for the watermark account number first in the bind variant', async () => {
    const p = props({ accountField: { placeholder: 'account' } })
    await mount(utils, PhoneDialog, p)
    await typeInto(utils, '.bind-dialog__phone', '13800000000')
    await typeInto(utils, '.bind-dialog__code', '1234')
    click(utils, '.bind-dialog__confirm')
    expect(toasted()).toEqual([t('validation.watermarkAccountEmpty')])
    await typeInto(utils, '.bind-dialog__account', 'WM-1')
    click(utils, '.bind-dialog__confirm')
    await settle()
    expect(p.submit).toHaveBeenCalledWith({ phone: '13800000000', interCode: '86', vcode: '1234', account: 'WM-1' })
  })
})
