import { useEffect, useState } from 'react'
import { observer } from 'mobx-react-lite'
import { Text, View } from '../../platform/components/basic'
import type { Device } from '../../domain/invite'
import { t } from '../../locales'
import { appLink } from '../../platform/appLink'
import { storeUrls } from './config'
import { BrowserCover, InviteButton, MiniInstead } from './parts'
import type { DownloadDescStore } from './stores'
import './invite.scss'
import '../../locales/packages/invite'

/**
 * /downloadWm (spec 001 §2, §7): the Android and iOS cards and the description fetched from the
 * remote update config (the built-in one when that fails). Inside WeChat's browser a store link
 * shows the cover; in the mini-program each card copies its link instead.
 */
export const DownloadScreen = observer(function DownloadScreen({ store }: { store: DownloadDescStore }) {
  const [cover, setCover] = useState(false)
  useEffect(() => void store.load(), [store])
  const urls = storeUrls()
  const card = (device: Exclude<Device, 'other'>) => {
    const open = () => (appLink.inWechatBrowser() ? setCover(true) : void appLink.open(urls[device]))
    return (
      <View className={`download__card download__card--${device}`} role='group' aria-label={t(device === 'android' ? 'invite.dl.android' : 'invite.dl.ios')}>
        <Text className='download__platform'>{t(device === 'android' ? 'invite.dl.android' : 'invite.dl.ios')}</Text>
        {appLink.canLeave ? (
          <InviteButton className={`download__go download__go--${device}`} text={t(device === 'android' ? 'invite.dl.androidAction' : 'invite.dl.iosAction')} onPress={open} />
        ) : (
          <MiniInstead explain='invite.mini.store' copyText={urls[device]} copyLabel='invite.copyLink' copied='invite.linkCopied' />
        )}
      </View>
    )
  }
  return (
    <View className='invite download'>
      <View className='download__logo' aria-hidden='true'>
        <Text>微</Text>
      </View>
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{t('invite.download')}</Text>
      </View>
      <Text className='download__desc' aria-busy={store.loading}>
        {store.desc ?? t('common.loading')}
      </Text>
      {card('android')}
      {card('ios')}
      {cover ? <BrowserCover onClose={() => setCover(false)} /> : null}
    </View>
  )
})
