import { useState } from 'react'
import { Text, View } from '../../platform/components/basic'
import { validateWatermarkAccount } from '../../domain/validation'
import { t } from '../../locales'
import { AlertDialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import { InviteButton, toast } from './parts'
import './invite.scss'
import '../../locales/packages/invite'

/**
 * The watermark-camera validation page (spec 000 §2, §5): the VIP channel's title, the account
 * number (the one the bind dialog bound, when it led here) and 'verify now'. Empty is the bind
 * dialog's message; anything else passes.
 */
export function WmValidateScreen({ account: bound = '' }: { account?: string }) {
  const [account, setAccount] = useState(bound)
  const [passed, setPassed] = useState(false)
  const verify = () => {
    const checked = validateWatermarkAccount(account)
    if (!checked.ok) return toast(t(checked.errorKey))
    setPassed(true)
  }
  return (
    <View className='invite validate'>
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{t('invite.validate.heading')}</Text>
      </View>
      <FormField
        label={t('invite.bind.account')}
        value={account}
        placeholder={t('invite.bind.account')}
        onInput={(e) => setAccount(e.detail.value)}
        inputClassName='validate__account'
      />
      <InviteButton className='validate__submit' text={t('invite.validate.submit')} onPress={verify} />
      {passed ? <AlertDialog body={t('invite.validate.passed')} onClose={() => setPassed(false)} /> : null}
    </View>
  )
}
