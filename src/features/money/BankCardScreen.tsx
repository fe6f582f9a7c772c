import { observer } from 'mobx-react-lite'
import { Button, Text, View } from '../../platform/components/basic'
import { maskCardNumber } from '../../domain/money'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import '../../locales/packages/money'
import { pressable } from '../../ui/a11y'
import { ConfirmDialog } from '../../ui/Dialog'
import { StateView } from '../../ui/StateView'
import type { BankCardStore } from './stores'
import './money.scss'

/**
 * /withdrawBindCard ('bank card', spec 001 §2, §4): the bound card (bank name, number masked to
 * its last 4 digits, modify and unbind after a confirm), or an add-card tile.
 */
export const BankCardScreen = observer(function BankCardScreen({ store }: { store: BankCardStore }) {
  const { state } = store
  const edit = (cardInfo?: number) => navigate('WithdrawBindCardEdit', cardInfo ? { cardInfo } : {})
  const add = () => edit()
  const modify = () => edit(1)
  const unbind = () => store.askUnbind()
  let body
  switch (state.kind) {
    case 'loading':
      body = <StateView kind='loading' title={t('card.loading')} />
      break
    case 'error':
      body = (
        <StateView kind='error' title={t('card.loadFailed')} detail={state.message} actionText={t('ui.retry')} onAction={() => void store.load()} />
      )
      break
    case 'unbound':
      body = (
        <View className='bank-card bank-card--add' {...pressable(add)}>
          <Text className='bank-card__plus' aria-hidden='true'>
            +
          </Text>
          <Text className='bank-card__add'>{t('card.add')}</Text>
        </View>
      )
      break
    case 'bound':
      body = (
        <>
          <View className='bank-card'>
            <Text className='bank-card__bank'>{state.card.bankName}</Text>
            <Text className='bank-card__number' aria-label={`${t('card.number')} ${maskCardNumber(state.card.bankNo)}`}>
              {maskCardNumber(state.card.bankNo)}
            </Text>
          </View>
          <View className='bank-card__actions'>
            <Button className='money__secondary' {...pressable(modify)}>
              {t('card.modify')}
            </Button>
            <Button className='money__danger' {...pressable(unbind)}>
              {t('card.unbind')}
            </Button>
          </View>
        </>
      )
      break
  }
  return (
    <View className='money money--card'>
      {body}
      {store.unbindError !== undefined ? (
        <View className='money__error' role='alert'>
          {store.unbindError}
        </View>
      ) : null}
      {store.confirmingUnbind ? (
        <ConfirmDialog body={t('card.unbindConfirm')} onCancel={() => store.cancelUnbind()} onConfirm={() => void store.unbind()} />
      ) : null}
    </View>
  )
})
