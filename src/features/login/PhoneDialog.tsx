import { useState } from 'react'
import { feedback } from '../../platform/feedback'
import { Button, Text, View } from '../../platform/components/basic'
import { TOAST_DURATION_MS } from '../../api/client'
import { DEFAULT_PHONE_CODE, type Country } from '../../domain/countries'
import { validatePhone, validateSmsCode, validateWatermarkAccount } from '../../domain/validation'
import { messageOf } from '../../domain/errorMessage'
import { t } from '../../locales'
import { pressable, scriptFocusable, useModalFocus, useUiId } from '../../ui/a11y'
import { CountdownButton } from '../../ui/CountdownButton'
import { FormField } from '../../ui/FormField'
import { Overlay } from '../../ui/Overlay'
import { CountryPicker } from './CountryPicker'
import './login.scss'

export interface PhoneDialogForm {
  phone: string
  interCode: string
  vcode: string
  /** the watermark-camera account number, when the dialog asks for it */
  account?: string
}

export interface PhoneDialogProps {
  title: string
  /** the watermark-camera bind dialog asks for the account number first */
  accountField?: { placeholder: string }
  /** rejects with the server's message, shown in the dialog */
  sendCode(phone: string, interCode: string): Promise<void>
  /** rejects with the server's message (a wrong code), shown in the dialog */
  submit(form: PhoneDialogForm): Promise<void>
  /** the success panel after `submit` resolves; its button calls onDone */
  success: { text: string; buttonText: string }
  onCancel: () => void
  onDone: () => void
  /** tests pass a fixed country list */
  loadCountries?: () => Promise<Country[]>
  /**
   * The caller has already told the user of a rejected sendCode or submit (the watermark calls
   * toast the server's message, spec 000 §8), so the dialog shows no error row of its own.
   */
  callerReportsErrors?: boolean
}

function toast(title: string): void {
  feedback.toast({ title, icon: 'none', duration: TOAST_DURATION_MS })
}

/**
 * Phone login / bind dialog (spec 000 §2, §4): country code (default +86, with the picker), phone,
 * SMS code with a 60 s countdown, cancel and confirm, then a success panel. Empty phone or code is
 * a toast; a code the server rejects shows the server's message.
 */
export function PhoneDialog(props: PhoneDialogProps) {
  const { title, accountField, success, onCancel, onDone, loadCountries, callerReportsErrors = false } = props
  const [account, setAccount] = useState('')
  const [interCode, setInterCode] = useState(DEFAULT_PHONE_CODE)
  const [phone, setPhone] = useState('')
  const [vcode, setVcode] = useState('')
  const [picking, setPicking] = useState(false)
  const [busy, setBusy] = useState<'idle' | 'sending' | 'submitting'>('idle')
  const [serverMessage, setServerMessage] = useState('')
  const [done, setDone] = useState(false)
  const titleId = useUiId()
  const dialogId = useUiId()
  // H5: focus moves into the dialog (and again to its success panel); Escape cancels or finishes
  useModalFocus(done ? `${dialogId}-done` : dialogId, done ? onDone : onCancel)

  /** true when a code was sent: the button then counts down (spec 000 §9: 60 s) */
  const sendCode = async (): Promise<boolean> => {
    if (busy !== 'idle') return false
    const checked = validatePhone(phone)
    if (!checked.ok) {
      toast(t(checked.errorKey))
      return false
    }
    setBusy('sending')
    setServerMessage('')
    try {
      await props.sendCode(checked.value, interCode)
      toast(t('login.codeSent'))
      return true
    } catch (err) {
      if (!callerReportsErrors) setServerMessage(messageOf(err))
      return false
    } finally {
      setBusy('idle')
    }
  }
  const openPicker = () => setPicking(true)

  const confirm = async () => {
    if (busy !== 'idle') return
    let accountValue: string | undefined
    if (accountField) {
      const checkedAccount = validateWatermarkAccount(account)
      if (!checkedAccount.ok) return toast(t(checkedAccount.errorKey))
      accountValue = checkedAccount.value
    }
    const checkedPhone = validatePhone(phone)
    if (!checkedPhone.ok) return toast(t(checkedPhone.errorKey))
    const checkedCode = validateSmsCode(vcode)
    if (!checkedCode.ok) return toast(t(checkedCode.errorKey))
    setBusy('submitting')
    setServerMessage('')
    try {
      await props.submit({ phone: checkedPhone.value, interCode, vcode: checkedCode.value, account: accountValue })
      setDone(true)
    } catch (err) {
      if (!callerReportsErrors) setServerMessage(messageOf(err))
    } finally {
      setBusy('idle')
    }
  }

  // the picker opens over the dialog, which stays mounted so focus can return to '+86'
  const picker = picking ? (
    // the picker's list is a ScrollView: a caught touchmove would stop it in the mini-program
    <Overlay className='bind-dialog__mask' lockScroll={false}>
      <CountryPicker
        loadCountries={loadCountries}
        onClose={() => setPicking(false)}
        onSelect={(country) => {
          setInterCode(country.phone_code)
          setPicking(false)
        }}
      />
    </Overlay>
  ) : null

  return (
    <>
      <Overlay className='bind-dialog__mask'>
        {done ? (
          <View
            id={`${dialogId}-done`}
            className='bind-dialog bind-dialog--success'
            role='dialog'
            aria-modal='true'
            aria-labelledby={titleId}
            {...scriptFocusable}
          >
            <Text id={titleId} className='bind-dialog__success-text'>
              {success.text}
            </Text>
            <Button className='bind-dialog__done' {...pressable(onDone)}>
              {success.buttonText}
            </Button>
          </View>
        ) : (
          <View id={dialogId} className='bind-dialog' role='dialog' aria-modal='true' aria-labelledby={titleId} {...scriptFocusable}>
            <Text id={titleId} className='bind-dialog__title'>
              {title}
            </Text>
            {accountField ? (
              <FormField
                label={accountField.placeholder}
                rowClassName='bind-dialog__row'
                inputClassName='bind-dialog__account'
                value={account}
                placeholder={accountField.placeholder}
                onInput={(e) => setAccount(e.detail.value)}
              />
            ) : null}
            <FormField
              label={t('login.phoneLabel')}
              rowClassName='bind-dialog__row'
              inputClassName='bind-dialog__phone'
              keypad='tel'
              value={phone}
              placeholder={t('login.phonePlaceholder')}
              onInput={(e) => setPhone(e.detail.value)}
              prefix={
                <Text
                  className='bind-dialog__country'
                  aria-label={t('login.countryCodeLabel', { code: interCode })}
                  {...pressable(openPicker)}
                >
                  {t('login.countryCode', { code: interCode })}
                </Text>
              }
            />
            <FormField
              label={t('login.codeLabel')}
              rowClassName='bind-dialog__row'
              inputClassName='bind-dialog__code'
              keypad='numeric'
              value={vcode}
              placeholder={t('login.codePlaceholder')}
              onInput={(e) => setVcode(e.detail.value)}
              error={serverMessage}
              errorClassName='bind-dialog__error'
              suffix={
                <CountdownButton
                  className='bind-dialog__get-code'
                  countingClassName='bind-dialog__get-code--waiting'
                  label={t('login.getCode')}
                  countingLabel={(seconds) => t('login.countdown', { seconds })}
                  onPress={sendCode}
                />
              }
            />
            <View className='bind-dialog__actions'>
              <Button className='bind-dialog__cancel' {...pressable(onCancel)}>
                {t('login.cancel')}
              </Button>
              <Button className='bind-dialog__confirm' loading={busy === 'submitting'} {...pressable(() => void confirm())}>
                {t('login.confirm')}
              </Button>
            </View>
          </View>
        )}
      </Overlay>
      {picker}
    </>
  )
}
