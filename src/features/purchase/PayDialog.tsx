import { Button, Text, View } from '@tarojs/components'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import './purchase.scss'

export interface PayDialogProps {
  priceFen: number
  onLookAgain(): void
  onGoPay(): void
}

/** The pay dialog (spec 000 §2, §4): the price (fee/100, two decimals), 'look again' and 'go pay'. */
export function PayDialog({ priceFen, onLookAgain, onGoPay }: PayDialogProps) {
  const price = fenToYuan(priceFen)
  return (
    <View className='pay-dialog__mask'>
      <View className='pay-dialog'>
        <Text className='pay-dialog__title'>{t('purchase.dialog.title')}</Text>
        <Text className='pay-dialog__price'>{t('purchase.price', { price })}</Text>
        <Text className='pay-dialog__text'>{t('purchase.dialog.text', { price })}</Text>
        <View className='pay-dialog__actions'>
          <Button className='pay-dialog__action pay-dialog__look-again' onClick={onLookAgain}>
            {t('purchase.dialog.lookAgain')}
          </Button>
          <Button className='pay-dialog__action pay-dialog__primary pay-dialog__go-pay' onClick={onGoPay}>
            {t('purchase.dialog.goPay')}
          </Button>
        </View>
      </View>
    </View>
  )
}
