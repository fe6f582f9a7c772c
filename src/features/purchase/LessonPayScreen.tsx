import { useEffect, useState } from 'react'
import Taro from '@tarojs/taro'
import { Button, Image, Text, View } from '../../platform/components/basic'
import { observer } from 'mobx-react-lite'
import type { Country } from '../../domain/countries'
import { fenToYuan } from '../../domain/format'
import type { LessonPayView } from '../../domain/lessonAccess'
import { navigate, redirect } from '../../platform/navigation'
import { t } from '../../locales'
import { imageAlt, pressable } from '../../ui/a11y'
import { useAppStores } from '../../app/stores'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { resolvePath } from '../../domain/routes'
import { sessionStore } from '../../platform/sessionStorage'
import { StateView } from '../../ui/StateView'
import { OpenInBrowser, PasswordLock, ShareRewardTip } from '../access'
import { afterLoginTarget, type LessonPayRoute } from './lessonPayRoute'
import type { LessonPayStore } from './LessonPayStore'
import type { PayFlowStore } from './PayFlowStore'
import { usePayFlow } from './usePayFlow'
import { PayFlowView } from './PayFlowView'
import './purchase.scss'

/** Spec 001 §2: the login return stores the login data, then moves on after 50 ms. */
export const LOGIN_RETURN_DELAY_MS = 50

export interface LessonPayScreenProps {
  route: LessonPayRoute
  loadCountries?: () => Promise<Country[]>
}

/**
 * The login return stores the login data, then goes on to the lesson it names, this tab's lesson
 * (`lessonRqId`) or the browser's last (`courseData`); failing those, to the page of the last
 * lesson's share link (`lessonShareUrl`, spec 000 §3).
 */
function LoginReturn({ route }: { route: Extract<LessonPayRoute, { kind: 'loginReturn' }> }) {
  const { loginData, storage } = useAppStores()
  const [target] = useState(() => afterLoginTarget(route.loginData, sessionStore.get(STORAGE_KEYS.lessonRqId) ?? storage.get(STORAGE_KEYS.courseData)))
  const [sharePage] = useState(() => {
    const shareUrl = storage.get(STORAGE_KEYS.lessonShareUrl)
    return shareUrl ? (resolvePath(shareUrl.replace(/^https?:\/\/[^/]+/i, '')) ?? undefined) : undefined
  })
  useEffect(() => {
    loginData.save(route.loginData)
    if (!target && !sharePage) return undefined
    const timer = setTimeout(() => {
      if (target) redirect('LessonPay', { type: 'share', courseData: target.courseData, payType: target.payType })
      else if (sharePage) redirect(sharePage.route.name, sharePage.params)
    }, LOGIN_RETURN_DELAY_MS)
    return () => clearTimeout(timer)
  }, [loginData, route.loginData, target, sharePage])
  return target || sharePage ? (
    <StateView kind='loading' title={t('purchase.loginReturn')} />
  ) : (
    <StateView kind='error' title={t('purchase.badLink')} detail={t('routeParam.missing')} />
  )
}

const CoursePayPage = observer(function CoursePayPage({
  route,
  store,
  flow,
  loadCountries,
}: {
  route: Extract<LessonPayRoute, { kind: 'course' }>
  store: LessonPayStore
  flow: PayFlowStore
  loadCountries?: () => Promise<Country[]>
}) {
  const { courseData, payType, inviterWmid } = route
  const { storage } = useAppStores()
  useEffect(() => {
    // spec 000 §3: this tab's lesson (the session key), read by a bare /lessonPay and its login return
    sessionStore.set(STORAGE_KEYS.lessonRqId, courseData)
    void store.open({ courseData, payType, inviterWmid })
  }, [store, courseData, payType, inviterWmid])
  const shareUrl = store.info?.shareUrl
  useEffect(() => {
    if (shareUrl) storage.set(STORAGE_KEYS.lessonShareUrl, shareUrl)
  }, [storage, shareUrl])

  const view = store.view
  const kind = view?.view
  useEffect(() => {
    if (kind === 'illegal') redirect('Illegal')
    // open lessons and unlocked password lessons are read on /lesson
    if (kind === 'lesson') redirect('Lesson', { courseData })
  }, [kind, courseData])

  useEffect(() => {
    if (store.info?.courseName) void Taro.setNavigationBarTitle({ title: store.info.courseName })
  }, [store.info?.courseName])

  if (store.status === 'error') {
    return (
      <StateView
        kind='error'
        title={t('lesson.loadError')}
        detail={store.errorMessage}
        actionText={t('common.retry')}
        onAction={() => void store.open({ courseData, payType, inviterWmid })}
      />
    )
  }
  if (!view || store.status === 'loading') return <StateView kind='loading' title={t('common.loading')} />
  return (
    <View className={`lesson-pay lesson-pay--${view.view}`}>
      <LessonPayBody view={view} store={store} flow={flow} courseData={courseData} />
      <PayFlowView flow={flow} loadCountries={loadCountries} />
    </View>
  )
})

function CourseHeader({ store }: { store: LessonPayStore }) {
  const info = store.info
  if (!info) return null
  return (
    <View className='lesson-pay__header'>
      {info.coursePic ? <Image className='lesson-pay__cover' src={info.coursePic} mode='aspectFill' {...imageAlt(info.courseName)} /> : null}
      <Text className='lesson-pay__name'>{info.courseName}</Text>
      {info.nickname ? <Text className='lesson-pay__author'>{t('purchase.author', { name: info.nickname })}</Text> : null}
    </View>
  )
}

const LessonPayBody = observer(function LessonPayBody({
  view,
  store,
  flow,
  courseData,
}: {
  view: LessonPayView
  store: LessonPayStore
  flow: PayFlowStore
  courseData: string
}) {
  const viewCourse = () => navigate('Lesson', { courseData, isPayLesson: 1 })
  switch (view.view) {
    case 'notFound':
      return <StateView kind='empty' title={t('lesson.notExist')} detail={t('lesson.notExistHint')} />
    case 'illegal':
    case 'lesson':
      return <StateView kind='loading' title={t('common.loading')} />
    case 'liveAppOnly': {
      // a paid live is bought here and watched in the app (spec 001 §1, §4)
      const target = store.payTarget()
      const buy = (): void => {
        if (target) flow.open(target, (order) => store.markPaid(order))
      }
      return (
        <View className='lesson-pay__live'>
          <Text className='lesson-pay__notice'>{t('purchase.liveAppOnly.title')}</Text>
          <Text className='lesson-pay__author'>{t('purchase.liveAppOnly.text')}</Text>
          {store.paidOrder || store.ownsLive ? <Text className='lesson-pay__purchased'>{t('purchase.purchased')}</Text> : null}
          {target && !flow.canSell ? <Text className='lesson-pay__notice lesson-pay__ios'>{t('purchase.iosUnavailable')}</Text> : null}
          {target && flow.canSell ? (
            <Button className='lesson-pay__button lesson-pay__pay' {...pressable(buy)}>
              {t('purchase.pay', { price: fenToYuan(target.priceFen) })}
            </Button>
          ) : null}
          <Button className='lesson-pay__button lesson-pay__download' {...pressable(() => navigate('DownloadWm'))}>
            {t('purchase.liveAppOnly.download')}
          </Button>
        </View>
      )
    }
    case 'openInBrowser':
      return (
        <OpenInBrowser canApply={view.canApply} applied={view.applied} applying={store.visit.applying} onApply={() => void store.apply()} />
      )
    case 'password':
      return <PasswordLock unlocking={store.visit.unlocking} rejected={store.visit.passwordRejected} tooManyTries={store.visit.tooManyTries} onUnlock={(p) => void store.unlock(p)} />
    case 'purchased': {
      const order = store.paidOrder
      return (
        <View>
          <CourseHeader store={store} />
          <Text className='lesson-pay__purchased'>{t('purchase.purchased')}</Text>
          <Button className='lesson-pay__button lesson-pay__view-course' {...pressable(viewCourse)}>
            {t('purchase.viewCourse')}
          </Button>
          {order?.isShowjoinQrcode === 1 && order.joinQrcode ? (
            <View className='lesson-pay__group'>
              <Image className='lesson-pay__qrcode' src={order.joinQrcode} mode='aspectFit' showMenuByLongpress {...imageAlt(t('purchase.qrcodeAlt'))} />
              <Text className='lesson-pay__qrcode-title'>
                {order.joinGroupName ? t('purchase.joinGroup', { name: order.joinGroupName }) : t('purchase.joinGroupDefault')}
              </Text>
            </View>
          ) : null}
        </View>
      )
    }
    case 'pay': {
      const target = store.payTarget()
      const pay = (): void => {
        if (target) flow.open(target, (order) => store.markPaid(order))
      }
      return (
        <View>
          <CourseHeader store={store} />
          <Text className='lesson-pay__price'>{t('purchase.price', { price: fenToYuan(view.priceFen) })}</Text>
          {view.canPreview ? (
            <Button className='lesson-pay__button lesson-pay__preview' {...pressable(viewCourse)}>
              {t('purchase.preview')}
            </Button>
          ) : !flow.canSell ? (
            <Text className='lesson-pay__notice lesson-pay__ios'>{t('purchase.iosUnavailable')}</Text>
          ) : (
            <Button
              className='lesson-pay__button lesson-pay__pay'
              {...pressable(pay)}
            >
              {t('purchase.pay', { price: fenToYuan(view.priceFen) })}
            </Button>
          )}
          {view.shareRewardFen !== undefined ? <ShareRewardTip fen={view.shareRewardFen} /> : null}
        </View>
      )
    }
  }
})

/** /lessonPay (spec 001 §2, §4): the purchase page of a paid lesson or live, and the login return. */
export function LessonPayScreen({ route, loadCountries }: LessonPayScreenProps) {
  const { createLessonPayStore } = useAppStores()
  const [store] = useState(createLessonPayStore)
  const flow = usePayFlow()
  switch (route.kind) {
    case 'invalid':
      return (
        <StateView
          kind='error'
          title={t('purchase.badLink')}
          detail={t(route.reason === 'missing' ? 'routeParam.missing' : 'routeParam.invalid')}
        />
      )
    case 'loginReturn':
      return <LoginReturn route={route} />
    case 'course':
      return <CoursePayPage route={route} store={store} flow={flow} loadCountries={loadCountries} />
  }
}
