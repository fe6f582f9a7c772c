import { observer } from 'mobx-react-lite'
import { Image, Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import { imageAlt, pressable } from '../../ui/a11y'
import { cx } from '../../ui/classNames'
import { PagedList } from '../../ui/PagedList'
import type { SubscriptionRow, SubscriptionsStore } from './SubscriptionsStore'
import './live.scss'
import '../../locales/packages/live'

const Row = observer(function Row({ row, onToggle }: { row: SubscriptionRow; onToggle: (row: SubscriptionRow) => void }) {
  return (
    <View className='live-sub-row'>
      <Image className='live-sub-row__avatar' src={row.faceIcon} mode='aspectFill' {...imageAlt(row.nickname)} />
      <Text className='live-sub-row__name'>{row.nickname}</Text>
      <View
        className={cx('live-switch', row.isSubscribe && 'live-switch--on', row.isLoading && 'live-switch--loading')}
        {...pressable(() => onToggle(row), { role: 'switch', disabled: row.isLoading })}
        aria-checked={row.isSubscribe ? 'true' : 'false'}
        aria-busy={row.isLoading ? 'true' : 'false'}
        aria-label={t('subscribe.switch', { name: row.nickname })}
      >
        <View className='live-switch__track'>
          <View className='live-switch__knob'>{row.isLoading ? <View className='live-switch__spinner' /> : null}</View>
        </View>
      </View>
    </View>
  )
})

/**
 * /liveSubscribeNoti ('live reminder', spec 001 §2, §4): the heading, how to subscribe, and the
 * subscribed hosts with a switch each; pull-down refresh, 10 more within 10 px of the bottom.
 */
export const SubscriptionsScreen = observer(function SubscriptionsScreen({ store }: { store: SubscriptionsStore }) {
  const { list } = store
  return (
    <View className='live-subs'>
      <View className='live-subs__head'>
        <View className='live-subs__heading' role='heading' aria-level={1}>
          {t('subscribe.heading')}
        </View>
        <Text className='live-subs__subtitle'>{t('subscribe.subtitle')}</Text>
      </View>
      <View className='live-subs__how'>
        <View className='live-subs__how-title' role='heading' aria-level={2}>
          {t('subscribe.howTitle')}
        </View>
        <Text className='live-subs__how-body'>{t('subscribe.howBody')}</Text>
      </View>
      <View className='live-subs__list-title' role='heading' aria-level={2}>
        {t('subscribe.listTitle')}
      </View>
      <PagedList<SubscriptionRow>
        // a copy read here, so a row replaced by its switch re-renders the list (PagedList is not an observer)
        items={list.items.slice()}
        keyOf={(row) => row.wmid}
        renderItem={(row) => <Row row={row} onToggle={(r) => void store.toggle(r)} />}
        threshold={10}
        loading={list.loading}
        loadingMore={list.loadingMore}
        end={list.end}
        error={list.error}
        pageError={list.pageError}
        onLoadMore={() => void list.loadMore()}
        onRefresh={() => store.refresh()}
        emptyText={t('subscribe.empty')}
        endText={t('subscribe.end')}
        errorText={t('subscribe.failed')}
      />
    </View>
  )
})
