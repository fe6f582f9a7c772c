import { observer } from 'mobx-react-lite'
import { Button, Text, View } from '../../platform/components/basic'
import type { ClearingRecord } from '../../api/money'
import { fenToYuan, formatCreationDate } from '../../domain/format'
import { recordAction } from '../../domain/money'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import '../../locales/packages/profile'
import '../../locales/packages/money'
import { pressable } from '../../ui/a11y'
import { AlertDialog, ConfirmDialog } from '../../ui/Dialog'
import { PagedList } from '../../ui/PagedList'
import { StateView } from '../../ui/StateView'
import { EsignBlock } from './EsignParts'
import { WithdrawRules } from './parts'
import type { WithdrawStore } from './stores'
import './money.scss'

const STATUS_KEY = { 0: 'money.status.0', 1: 'money.status.1', 2: 'money.status.2' } as const
/** a failed record reads 'not paid out', never 'received' */
const MONEY_KEY = { 0: 'money.record.money', 1: 'money.record.money', 2: 'money.record.unpaid' } as const
const REASON_KEY = { 0: 'money.record.reason.0', 1: 'money.record.reason.1' } as const

/** isBindCard (spec 001 §2): the bank card page shows the add-card tile at once when there is no card */
const goCard = (bound: 0 | 1) => navigate('WithdrawBindCard', { isBindCard: bound })
const goEditCard = () => navigate('WithdrawBindCardEdit', { cardInfo: 1 })

function RecordRow({ record, busy, onRetry }: { record: ClearingRecord; busy: boolean; onRetry: () => void }) {
  const action = recordAction(record)
  // each record's button names its record: a list of them all read '点击重试' otherwise
  const which = t('money.record.no', { no: record.clearingNO })
  return (
    <View className={`money-record money-record--${record.clearingStatus}`}>
      <View className='money-record__head'>
        <Text className='money-record__amount'>{t(MONEY_KEY[record.clearingStatus] ?? 'money.record.unpaid', { amount: fenToYuan(record.money) })}</Text>
        <Text className={`money-record__status money-record__status--${record.clearingStatus}`}>
          {t(STATUS_KEY[record.clearingStatus] ?? 'money.status.0')}
        </Text>
      </View>
      <Text className='money-record__meta'>
        {t('money.record.orderMoney', { amount: fenToYuan(record.orderMoney) })} · {t('money.record.taxFee', { amount: fenToYuan(record.taxFee) })} ·{' '}
        {t('money.record.orderNum', { count: record.orderNum })}
      </Text>
      <Text className='money-record__meta'>
        {t('money.record.no', { no: record.clearingNO })} · {formatCreationDate(record.applyTime)}
      </Text>
      {record.clearingStatus === 2 ? <Text className='money-record__reason'>{t(REASON_KEY[record.failType] ?? 'money.record.reason.0')}</Text> : null}
      {action === 'retry' ? (
        <Button className='money-record__retry' aria-label={`${t('money.record.retry')} ${which}`} disabled={busy} {...pressable(onRetry, { disabled: busy })}>
          {t('money.record.retry')}
        </Button>
      ) : null}
      {action === 'fixCard' ? (
        <View className='money-record__fix'>
          <Text className='money-record__hint'>{t('money.record.fixFirst')}</Text>
          <Button className='money-record__retry money-record__retry--fix' aria-label={`${t('money.record.fixCard')} ${which}`} {...pressable(goEditCard)}>
            {t('money.record.fixCard')}
          </Button>
        </View>
      ) : null}
    </View>
  )
}

const WithdrawDialogs = observer(function WithdrawDialogs({ store }: { store: WithdrawStore }) {
  const { dialog } = store
  const close = () => store.close()
  if (!dialog) return null
  switch (dialog.kind) {
    case 'addCard':
      return <ConfirmDialog body={t('money.noCard')} confirmText={t('money.goAdd')} onCancel={close} onConfirm={() => (close(), goEditCard())} />
    case 'modifyCard':
      return <ConfirmDialog body={t('money.cardError')} confirmText={t('money.modify')} onCancel={close} onConfirm={() => (close(), goEditCard())} />
    case 'nothing':
      return <AlertDialog body={t('money.nothing')} onClose={close} />
    case 'confirm':
      return (
        <ConfirmDialog
          title={t('money.withdrawNow')}
          body={t('money.confirmWithdraw', { amount: fenToYuan(dialog.amount), arrive: fenToYuan(dialog.arrive) })}
          onCancel={close}
          onConfirm={() => void store.confirm()}
        />
      )
    case 'done':
      return <AlertDialog body={t('money.withdrawn')} onClose={close} />
    case 'retried':
      return <AlertDialog body={t('money.retried')} onClose={close} />
    case 'failed':
      return <AlertDialog title={t('money.withdrawFailed')} body={dialog.message} onClose={close} />
  }
})

/**
 * /withdrawAction ('withdraw', spec 001 §2, §4): the withdrawable balance, the platform fee and
 * what arrives; 'withdraw now' and 'bank card management'; the seller's rules; the withdrawal
 * records (paged by 20): a failed one with its reason, and 'tap to retry' when the retry rule
 * allows it, or a way to the card form when it failed on the card's details not saved since.
 */
export const WithdrawScreen = observer(function WithdrawScreen({ store }: { store: WithdrawStore }) {
  const summary = store.summary.value
  const withdraw = () => {
    if (!store.submitting) store.withdraw()
  }
  const { records } = store
  return (
    <View className='money'>
      {summary ? (
        <View className='money-balances'>
          <Text className='money-balances__label'>{t('money.balance')}</Text>
          <Text className='money-balances__total'>{fenToYuan(summary.usableMoney)}</Text>
          <Text className='money-balances__label'>
            {t('money.taxFee', { amount: fenToYuan(summary.taxFee) })} · {t('money.arrive', { amount: fenToYuan(summary.arriveMoney) })}
          </Text>
          <Button
            className='money__primary'
            disabled={store.submitting}
            {...pressable(withdraw, { disabled: store.submitting })}
          >
            {t('money.withdrawNow')}
          </Button>
          <Button className='money__secondary' {...pressable(() => goCard(summary.isBindBankCard))}>
            {t('money.cardManagement')}
          </Button>
        </View>
      ) : store.summary.error !== undefined ? (
        <StateView
          kind='error'
          title={t('money.summaryFailed')}
          detail={store.summary.error}
          actionText={t('ui.retry')}
          onAction={() => void store.summary.load()}
        />
      ) : (
        <StateView kind='loading' title={t('ui.list.loading')} />
      )}
      <EsignBlock store={store.esign} />
      <WithdrawRules />
      <Text className='money__section'>{t('money.records')}</Text>
      <PagedList<ClearingRecord>
        threshold={10}
        items={records.items}
        keyOf={(r) => r.clearingNO}
        renderItem={(r) => <RecordRow record={r} busy={store.submitting} onRetry={() => void store.retry(r)} />}
        loading={records.loading}
        loadingMore={records.loadingMore}
        end={records.end}
        error={records.error}
        pageError={records.pageError}
        onLoadMore={() => void records.loadMore()}
        onRefresh={() => store.refresh()}
        emptyText={t('money.emptyRecords')}
        endText={t('profile.end')}
        errorText={t('profile.listFailed')}
      />
      <WithdrawDialogs store={store} />
    </View>
  )
})
