import { useState } from 'react'
import { Button, Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import { FormField } from '../../ui/FormField'
import './access.scss'

export interface PasswordLockProps {
  unlocking: boolean
  /** the last password tried was refused (403) */
  rejected: boolean
  /** the server stopped checking passwords for a while (too many wrong ones) */
  tooManyTries?: { waitMinutes?: number } | null
  onUnlock: (password: string) => void
}

/** Password lock (spec 000 §2): the course has permission set, enter the password to browse. */
export function PasswordLock({ unlocking, rejected, tooManyTries, onUnlock }: PasswordLockProps) {
  const [password, setPassword] = useState('')
  const [empty, setEmpty] = useState(false)
  const submit = () => {
    // a password is sent as typed; only an empty one is stopped here
    if (password === '') {
      setEmpty(true)
      return
    }
    setEmpty(false)
    onUnlock(password)
  }
  const error = empty
    ? t('access.password.empty')
    : tooManyTries
      ? tooManyTries.waitMinutes === undefined
        ? t('access.password.tooManyTriesLater')
        : t('access.password.tooManyTries', { minutes: tooManyTries.waitMinutes })
      : rejected
        ? t('access.password.wrong')
        : ''
  return (
    <View className='password-lock'>
      <View className='password-lock__icon' />
      <Text className='password-lock__text'>{t('access.password.text')}</Text>
      <FormField
        label={t('access.password.label')}
        className='password-lock__field'
        inputClassName='password-lock__input'
        password
        value={password}
        placeholder={t('access.password.placeholder')}
        onInput={(e) => setPassword(e.detail.value)}
        onConfirm={submit}
        error={error}
        errorClassName='password-lock__error'
      />
      <Button
        className='password-lock__unlock'
        loading={unlocking}
        disabled={unlocking}
        {...pressable(submit, { disabled: unlocking })}
      >
        {t('access.password.unlock')}
      </Button>
    </View>
  )
}
