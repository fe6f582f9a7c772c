import { Text } from '../../platform/components/basic'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import { ConfirmDialog } from '../../ui/Dialog'
import './purchase.scss'

export interface PayDialogProps {
  priceFen: number
  onLookAgain: () => void
  onGoPay: () => void
}

/** The pay dialog (spec 000 §2, §4): the price (fee/100, two decimals), 'look again' and 'go pay'. */
export function PayDialog({ priceFen, onLookAgain, onGoPay }: PayDialogProps) {
  const price = fenToYuan(priceFen)
  return (
    <ConfirmDialog
      title={t('purchase.dialog.title')}
      className='pay-dialog'
      classNames={{ mask: 'pay-dialog__mask', title: 'pay-dialog__title' }}
      cancelText={t('purchase.dialog.lookAgain')}
      cancelClassName='pay-dialog__look-again'
      confirmText={t('purchase.dialog.goPay')}
      confirmClassName='pay-dialog__go-pay'
      onCancel={onLookAgain}
      onConfirm={onGoPay}
    >
      <Text className='pay-dialog__price'>{t('purchase.price', { price })}</Text>
      <Text className='pay-dialog__text'>{t('purchase.dialog.text', { price })}</Text>
    </ConfirmDialog>
  )
}
