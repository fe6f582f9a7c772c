import { observer } from 'mobx-react-lite'
import { Button, Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import '../../locales/packages/money'
import { pressable } from '../../ui/a11y'
import { CountdownButton } from '../../ui/CountdownButton'
import { Dialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import type { EsignStore } from './esign'
import './money.scss'

/**
 * The payout agreement's dialog: where the code goes (the card's reserved phone, masked), the
 * code with its 60 s resend, the error row (an empty code, the server's refusal), cancel and sign.
 */
const EsignDialog = observer(function EsignDialog({ store }: { store: EsignStore }) {
  const confirming = store.busy === 'confirming'
  return (
    <Dialog
      title={t('money.esign.title')}
      body={t('money.esign.body', { phone: store.state?.phone ?? '' })}
      className='money-esign__dialog'
      actions={[
        { text: t('ui.dialog.cancel'), onPress: () => store.close() },
        { text: confirming ? t('money.esign.signing') : t('money.esign.sign'), onPress: () => void store.confirm(t('validation.codeEmpty')), primary: true },
      ]}
    >
      <FormField
        label={t('money.esign.codeLabel')}
        inputClassName='money-esign__code'
        keypad='numeric'
        maxlength={6}
        value={store.code}
        placeholder={t('login.codePlaceholder')}
        onInput={(e) => store.setCode(e.detail.value)}
        error={store.error}
        suffix={
          <CountdownButton
            className='money-esign__get-code'
            label={t('login.getCode')}
            countingLabel={(seconds) => t('login.countdown', { seconds })}
            onPress={() => store.sendCode()}
          />
        }
      />
      {store.sent ? <Text className='money-esign__sent'>{t('money.esign.sent')}</Text> : null}
    </Dialog>
  )
})

/**
 * /withdrawAction's line about the payout agreement (spec 001 §9): while it loads, when it failed
 * (with a retry), signed, or not signed yet with the way to sign.
 */
export const EsignBlock = observer(function EsignBlock({ store }: { store: EsignStore }) {
  const { state } = store
  let line
  if (state?.signed === 1) {
    line = <Text className='money-esign__text money-esign__text--done'>{t('money.esign.done')}</Text>
  } else if (state) {
    line = (
      <>
        <Text className='money-esign__text'>{t(state.phone ? 'money.esign.needed' : 'money.esign.needsCard')}</Text>
        {state.phone ? (
          <Button className='money__secondary money-esign__open' {...pressable(() => store.show())}>
            {t('money.esign.open')}
          </Button>
        ) : null}
      </>
    )
  } else if (store.loadError !== undefined) {
    line = (
      <>
        <Text className='money-esign__text money-esign__text--error'>
          {t('money.esign.loadFailed')} {store.loadError}
        </Text>
        <Button className='money__secondary money-esign__open' {...pressable(() => void store.load())}>
          {t('ui.retry')}
        </Button>
      </>
    )
  } else {
    line = <Text className='money-esign__text'>{t('money.esign.loading')}</Text>
  }
  return (
    <View className='money-esign' aria-live='polite'>
      {line}
      {store.open ? <EsignDialog store={store} /> : null}
    </View>
  )
})
