import { observer } from 'mobx-react-lite'
import { Button, Image, Text, View } from '../../platform/components/basic'
import type { RecashRecord, SalesIncomeRecord } from '../../api/money'
import { fenToYuan, formatCreationDate } from '../../domain/format'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import '../../locales/packages/profile'
import '../../locales/packages/money'
import { imageAlt, pressable } from '../../ui/a11y'
import { PagedList } from '../../ui/PagedList'
import { Tabs } from '../../ui/Tabs'
import type { IncomeStore, IncomeTab } from './stores'
import { Balances } from './parts'
import './money.scss'

const yuan = (fen: number): string => t('common.yuan', { amount: fenToYuan(fen) })

function SaleRow({ record }: { record: SalesIncomeRecord }) {
  const refunded = record.orderStatus === 4
  return (
    <View className='money-row'>
      <Image className='money-row__avatar' src={record.buyerFaceIcon} mode='aspectFill' {...imageAlt(record.buyerNickname)} />
      <View className='money-row__main'>
        <Text className='money-row__title'>{record.courseName}</Text>
        <Text className='money-row__meta'>
          {t('money.buyer', { name: record.buyerNickname })} · {t(record.orderType === 2 ? 'money.orderType.2' : 'money.orderType.1')} ·{' '}
          {formatCreationDate(record.payTime)}
        </Text>
      </View>
      <View className='money-row__side'>
        <Text className={refunded ? 'money-row__amount money-row__amount--off' : 'money-row__amount'}>{yuan(record.totalFee)}</Text>
        <Text className={refunded ? 'money-row__state money-row__state--bad' : 'money-row__state'}>
          {refunded ? t('money.refunded') : t('money.paid')}
        </Text>
      </View>
    </View>
  )
}

function ShareRow({ record }: { record: RecashRecord }) {
  return (
    <View className='money-row'>
      <Image className='money-row__avatar' src={record.faceIcon} mode='aspectFill' {...imageAlt(record.nickname)} />
      <View className='money-row__main'>
        <Text className='money-row__title'>{record.courseName}</Text>
        <Text className='money-row__meta'>
          {record.nickname} · {formatCreationDate(record.createTime)}
        </Text>
      </View>
      <View className='money-row__side'>
        <Text className='money-row__amount'>{yuan(record.recashFee)}</Text>
      </View>
    </View>
  )
}

/**
 * /withdraw ('income withdrawal', spec 001 §2): total, withdrawable and not-yet-withdrawable income,
 * a way to /withdrawAction, and the sales or share income records (paged by 20).
 */
export const IncomeScreen = observer(function IncomeScreen({ store }: { store: IncomeStore }) {
  const goWithdraw = () => navigate('WithdrawAction')
  const common = { threshold: 10, onRefresh: () => store.refresh(), endText: t('profile.end'), errorText: t('profile.listFailed') }
  return (
    <View className='money'>
      <Balances summary={store.summary.value} error={store.summary.error} onRetry={() => void store.summary.load()}>
        <Button className='money__primary money__primary--inline' {...pressable(goWithdraw)}>
          {t('money.toWithdraw')}
        </Button>
      </Balances>
      <Tabs<IncomeTab>
        className='money__tabs'
        label={t('money.incomeTabs')}
        items={[
          { key: 'sales', label: t('money.sales') },
          { key: 'shares', label: t('money.shares') },
        ]}
        value={store.tab}
        onChange={(tab) => store.show(tab)}
      />
      {store.tab === 'sales' ? (
        <PagedList<SalesIncomeRecord>
          {...common}
          items={store.sales.items}
          keyOf={(r) => r.orderNO}
          renderItem={(r) => <SaleRow record={r} />}
          loading={store.sales.loading}
          loadingMore={store.sales.loadingMore}
          end={store.sales.end}
          error={store.sales.error}
          pageError={store.sales.pageError}
          onLoadMore={() => void store.sales.loadMore()}
          emptyText={t('money.emptySales')}
        />
      ) : (
        <PagedList<RecashRecord>
          {...common}
          items={store.shares.items}
          keyOf={(r) => r.id}
          renderItem={(r) => <ShareRow record={r} />}
          loading={store.shares.loading}
          loadingMore={store.shares.loadingMore}
          end={store.shares.end}
          error={store.shares.error}
          pageError={store.shares.pageError}
          onLoadMore={() => void store.shares.loadMore()}
          emptyText={t('money.emptyShares')}
        />
      )}
    </View>
  )
})
