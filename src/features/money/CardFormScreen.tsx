import { observer } from 'mobx-react-lite'
import Taro from '@tarojs/taro'
import { Button, Text, View } from '../../platform/components/basic'
import type { BankCardForm } from '../../domain/validation'
import { t } from '../../locales'
import '../../locales/packages/money'
import { pressable } from '../../ui/a11y'
import { AlertDialog } from '../../ui/Dialog'
import { FormField } from '../../ui/FormField'
import { StateView } from '../../ui/StateView'
import type { CardFormStore } from './stores'
import './money.scss'

interface FieldSpec {
  field: keyof BankCardForm
  label: 'card.realName' | 'card.idCardNo' | 'card.bankName' | 'card.bankNo' | 'card.phone'
  placeholder: 'card.realNamePlaceholder' | 'card.idCardNoPlaceholder' | 'card.bankNamePlaceholder' | 'card.bankNoPlaceholder' | 'card.phonePlaceholder'
  type?: 'idcard' | 'text'
  maxlength: number
}

const BEFORE_TYPE: readonly FieldSpec[] = [{ field: 'realName', label: 'card.realName', placeholder: 'card.realNamePlaceholder', maxlength: 32 }]
const AFTER_TYPE: readonly FieldSpec[] = [
  { field: 'idCardNo', label: 'card.idCardNo', placeholder: 'card.idCardNoPlaceholder', type: 'idcard', maxlength: 18 },
  { field: 'bankName', label: 'card.bankName', placeholder: 'card.bankNamePlaceholder', maxlength: 32 },
  // text, not number: people type card and phone numbers in groups, and a number input drops the blanks' digits
  { field: 'bankNo', label: 'card.bankNo', placeholder: 'card.bankNoPlaceholder', maxlength: 30 },
  { field: 'phone', label: 'card.phone', placeholder: 'card.phonePlaceholder', maxlength: 20 },
]

/**
 * /withdrawBindCardEdit ('bank card', spec 001 §2, §5): the notice that wrong information makes the
 * withdrawal fail; name, the fixed 'ID card' type, ID number, bank name, card number and the phone
 * reserved at the bank. Editing, the bound card's numbers show masked (the server sends no more):
 * tapping one empties it for retyping, one left as it is keeps its number. Checks run in the spec's
 * order, each failure an alert; a save goes back.
 */
export const CardFormScreen = observer(function CardFormScreen({ store }: { store: CardFormStore }) {
  if (store.loading) return <StateView kind='loading' title={t('card.loading')} />
  if (store.loadError !== undefined) {
    return <StateView kind='error' title={t('card.loadFailed')} detail={store.loadError} actionText={t('ui.retry')} onAction={() => void store.loadBound()} />
  }
  const submit = () => {
    if (store.saving) return
    void store.submit().then((saved) => {
      if (saved) void Taro.navigateBack()
    })
  }
  const field = (spec: FieldSpec) => (
    <FormField
      key={spec.field}
      className='card-form__field'
      label={t(spec.label)}
      placeholder={t(spec.placeholder)}
      type={spec.type ?? 'text'}
      maxlength={spec.maxlength}
      value={store.form[spec.field]}
      onInput={(event) => store.set(spec.field, event.detail.value)}
      onFocus={() => store.focus(spec.field)}
      onBlur={() => store.blur(spec.field)}
    />
  )
  return (
    <View className='money card-form'>
      <View className='card-form__notice' role='note'>
        {t('card.notice')}
      </View>
      {store.loaded ? (
        <View className='card-form__masked' role='note'>
          {t('card.maskedHint')}
        </View>
      ) : null}
      {BEFORE_TYPE.map(field)}
      <View className='card-form__fixed'>
        <Text className='card-form__fixed-label'>{t('card.idType')}</Text>
        <Text className='card-form__fixed-value'>{t('card.idCard')}</Text>
      </View>
      {AFTER_TYPE.map(field)}
      <Button className='money__primary' disabled={store.saving} {...pressable(submit, { disabled: store.saving })}>
        {t('card.submit')}
      </Button>
      {store.invalid ? <AlertDialog body={t(store.invalid)} onClose={() => store.dismiss()} /> : null}
      {store.saveError !== undefined ? <AlertDialog title={t('card.saveFailed')} body={store.saveError} onClose={() => store.dismiss()} /> : null}
    </View>
  )
})
