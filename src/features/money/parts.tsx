import type { ReactNode } from 'react'
import { Text, View } from '../../platform/components/basic'
import type { IncomeSummary } from '../../api/money'
import { fenToYuan } from '../../domain/format'
import { t } from '../../locales'
import '../../locales/packages/money'
import { StateView } from '../../ui/StateView'

export interface BalancesProps {
  summary: IncomeSummary | undefined
  error: string | undefined
  onRetry: () => void
  children?: ReactNode
}

/** Total, withdrawable and not-yet-withdrawable income in yuan; loading and failure as states. */
export function Balances({ summary, error, onRetry, children }: BalancesProps) {
  if (!summary) {
    return error !== undefined ? (
      <StateView kind='error' title={t('money.summaryFailed')} detail={error} actionText={t('ui.retry')} onAction={onRetry} />
    ) : (
      <StateView kind='loading' title={t('ui.list.loading')} />
    )
  }
  return (
    <View className='money-balances'>
      <Text className='money-balances__label'>{t('money.total')}</Text>
      <Text className='money-balances__total'>{fenToYuan(summary.totalMoney)}</Text>
      <View className='money-balances__row'>
        <View className='money-balances__cell'>
          <Text className='money-balances__label'>{t('money.usable')}</Text>
          <Text className='money-balances__value'>{fenToYuan(summary.usableMoney)}</Text>
        </View>
        <View className='money-balances__cell'>
          <Text className='money-balances__label'>{t('money.unusable')}</Text>
          <Text className='money-balances__value'>{fenToYuan(summary.unUsableMoney)}</Text>
        </View>
      </View>
      {children}
    </View>
  )
}

/** The seller's rules of spec 001 §9, shown where withdrawing happens. */
export function WithdrawRules() {
  return (
    <View className='money-rules'>
      <Text className='money-rules__title'>{t('money.rules.title')}</Text>
      {(['money.rules.maturity', 'money.rules.monday', 'money.rules.sign', 'money.rules.fee'] as const).map((key) => (
        <Text className='money-rules__item' key={key}>
          · {t(key)}
        </Text>
      ))}
    </View>
  )
}
