import { useState } from 'react'
import { observer } from 'mobx-react-lite'
import Taro from '@tarojs/taro'
import { Button, Image, Text, View } from '../../platform/components/basic'
import { fenToYuan } from '../../domain/format'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import '../../locales/packages/profile'
import { imageAlt, pressable } from '../../ui/a11y'
import { AlertDialog } from '../../ui/Dialog'
import { PagedList } from '../../ui/PagedList'
import { StateView } from '../../ui/StateView'
import { Tabs } from '../../ui/Tabs'
import { PhoneDialog } from '../login'
import type { Kind, ProfileItem, ProfileStore, Segment } from './ProfileStore'
import './profile.scss'

export interface ProfileScreenProps {
  store: ProfileStore
  /** opened by the transport after a 601: the logged-out screen says the login expired */
  loginExpired?: boolean
}

type Notice = 'refunded' | 'liveInApp'

const yuan = (fen: number): string => t('common.yuan', { amount: fenToYuan(fen) })

function itemName(entry: ProfileItem): string {
  switch (entry.list) {
    case 'bought':
      return entry.item.orderType === 2 ? entry.item.title : entry.item.courseName
    case 'sellingLesson':
      return entry.item.courseName
    case 'sellingLive':
      return entry.item.title
  }
}

/** A lesson opens as LessonDetailNew (the lesson with isPayLesson); lives are watched in the app only. */
function openTarget(entry: ProfileItem): Notice | { courseData: string } {
  if (entry.list === 'bought' && entry.item.orderStatus === 4) return 'refunded'
  if (entry.list === 'sellingLive' || (entry.list === 'bought' && entry.item.orderType === 2)) return 'liveInApp'
  return { courseData: entry.item.courseData }
}

/** The second line of a row: what was paid and its state, or the price, sales and share reward. */
function ItemDetail({ entry }: { entry: ProfileItem }) {
  if (entry.list === 'bought') {
    const refunded = entry.item.orderStatus === 4
    return (
      <View className='profile-item__detail'>
        <Text className='profile-item__price'>{yuan(entry.item.totalFee)}</Text>
        <Text className={refunded ? 'profile-item__status profile-item__status--refunded' : 'profile-item__status'}>
          {refunded ? t('profile.refunded') : t('profile.paid')}
        </Text>
      </View>
    )
  }
  const fee = entry.list === 'sellingLesson' ? entry.item.fee : entry.item.liveF
  return (
    <View className='profile-item__detail'>
      <Text className='profile-item__price'>{yuan(fee)}</Text>
      <Text className='profile-item__status'>{t('profile.salesCount', { count: entry.item.salesCount })}</Text>
      <Text className='profile-item__status'>
        {entry.item.shareRecash > 0 ? t('profile.share', { amount: fenToYuan(entry.item.shareRecash) }) : t('profile.noShare')}
      </Text>
    </View>
  )
}

const IncomeCard = observer(function IncomeCard({ store }: ProfileScreenProps) {
  const goWithdraw = () => navigate('Withdraw')
  const { summary } = store
  return (
    <View className='profile-income'>
      {store.summaryError !== undefined && !summary ? (
        <View className='profile-income__error' role='alert'>
          {t('profile.incomeFailed')}: {store.summaryError}
        </View>
      ) : (
        <View className='profile-income__figures'>
          <View className='profile-income__figure'>
            <Text className='profile-income__label'>{t('profile.income')}</Text>
            <Text className='profile-income__amount'>{summary ? yuan(summary.totalMoney) : '—'}</Text>
          </View>
          <View className='profile-income__figure'>
            <Text className='profile-income__label'>{t('profile.usable')}</Text>
            <Text className='profile-income__amount'>{summary ? yuan(summary.usableMoney) : '—'}</Text>
          </View>
        </View>
      )}
      <Button className='profile-income__withdraw' {...pressable(goWithdraw)}>
        {t('profile.withdraw')}
      </Button>
    </View>
  )
})

/**
 * /profile ('personal center', spec 001 §2, §4): logged out, a login button (loginUrl type 1, back
 * here with data); a visitor who is not a product user binds a phone first (cancel goes back);
 * otherwise Bought / On sale & share over Lessons / Lives, a paged list (20, loads within 10 px of
 * the bottom, pull-down refresh), the seller's income with a link to withdraw, and logout.
 */
export const ProfileScreen = observer(function ProfileScreen({ store, loginExpired = false }: ProfileScreenProps) {
  const [notice, setNotice] = useState<Notice | null>(null)
  const viewer = store.viewer

  if (viewer === 'loggedOut') {
    const logIn = () => void store.logIn()
    return (
      <View className='profile profile--logged-out'>
        <StateView
          kind='empty'
          icon='user'
          title={loginExpired ? t('profile.loginExpired') : t('profile.notLoggedIn')}
          detail={t('profile.loginHint')}
        />
        {store.loginError !== undefined ? (
          <View className='profile__error' role='alert'>
            {t('profile.loginFailed')}: {store.loginError}
          </View>
        ) : null}
        <Button className='profile__login' disabled={store.loggingIn} {...pressable(logIn, { disabled: store.loggingIn })}>
          {t('profile.login')}
        </Button>
      </View>
    )
  }

  if (viewer === 'mustBind') {
    return (
      <View className='profile'>
        <PhoneDialog
          title={t('profile.bindTitle')}
          sendCode={(phone, interCode) => store.sendCode(phone, interCode)}
          submit={({ phone, interCode, vcode }) => store.bindPhone({ phone, interCode, vcode })}
          success={{ text: t('profile.bindSuccess'), buttonText: t('profile.bindContinue') }}
          onCancel={() => void Taro.navigateBack()}
          onDone={() => store.bindDone()}
        />
      </View>
    )
  }

  const open = (entry: ProfileItem) => {
    const target = openTarget(entry)
    if (typeof target === 'string') setNotice(target)
    else navigate('LessonDetailNew', { courseData: target.courseData, isPayLesson: 1 })
  }
  const logOut = () => void store.logOut()
  const { pager } = store
  const selling = store.segment === 'selling'

  return (
    <View className='profile'>
      <View className='profile__header'>
        {store.faceIcon ? <Image className='profile__avatar' src={store.faceIcon} mode='aspectFill' {...imageAlt(store.nickname)} /> : null}
        <Text className='profile__name'>{store.nickname}</Text>
        <Button className='profile__logout' {...pressable(logOut)}>
          {t('profile.logout')}
        </Button>
      </View>
      <Tabs<Segment>
        variant='segments'
        label={t('profile.segments')}
        className='profile__segments'
        items={[
          { key: 'bought', label: t('profile.bought') },
          { key: 'selling', label: t('profile.selling') },
        ]}
        value={store.segment}
        onChange={(segment) => store.select(segment)}
      />
      {selling ? <IncomeCard store={store} /> : null}
      <Tabs<Kind>
        label={t('profile.kinds')}
        className='profile__kinds'
        items={[
          { key: 'lesson', label: t('profile.lessons') },
          { key: 'live', label: t('profile.lives') },
        ]}
        value={store.kind}
        onChange={(kind) => store.selectKind(kind)}
      />
      <PagedList<ProfileItem>
        className='profile__list'
        threshold={10}
        items={pager.items}
        keyOf={(entry) => (entry.list === 'bought' ? entry.item.orderNO : `${entry.list}:${entry.item.courseData}`)}
        loading={pager.loading}
        loadingMore={pager.loadingMore}
        end={pager.end}
        error={pager.error}
        pageError={pager.pageError}
        onLoadMore={() => void pager.loadMore()}
        onRefresh={() => store.refresh()}
        emptyText={selling ? t('profile.emptySelling') : t('profile.emptyBought')}
        endText={t('profile.end')}
        errorText={t('profile.listFailed')}
        renderItem={(entry) => {
          const name = itemName(entry)
          const press = () => open(entry)
          return (
            <View className='profile-item' aria-label={t('profile.openItem', { name })} {...pressable(press)}>
              <Text className='profile-item__name'>{name}</Text>
              <ItemDetail entry={entry} />
            </View>
          )
        }}
      />
      {notice ? (
        <AlertDialog body={notice === 'refunded' ? t('profile.refundedAlert') : t('profile.liveInApp')} onClose={() => setNotice(null)} />
      ) : null}
    </View>
  )
})
