import { useState } from 'react'
import { Text, View } from '../../platform/components/basic'
import { storeUrlFor } from '../../domain/invite'
import { t } from '../../locales'
import type { MessageKey } from '../../locales'
import { appLink } from '../../platform/appLink'
import { storeUrls } from './config'
import { navigate } from '../../platform/navigation'
import { BrowserCover, InviteButton, MiniInstead } from './parts'
import './invite.scss'
import '../../locales/packages/invite'

const STEPS: readonly MessageKey[] = ['invite.scan.step1', 'invite.scan.step2', 'invite.scan.step3']

/**
 * /invite, the scan guide (spec 001 §2): 'scan with the app' and its three steps. The download
 * button shows the cover inside WeChat's browser, otherwise goes to the store of the device (a
 * desktop to /downloadWm, which offers both). The link's `d` (default 3) has no use the spec shows.
 */
export function ScanGuideScreen() {
  const [cover, setCover] = useState(false)
  const download = () => {
    if (appLink.inWechatBrowser()) return setCover(true)
    const url = storeUrlFor(appLink.device(), storeUrls())
    if (url) void appLink.open(url)
    else navigate('DownloadWm')
  }
  return (
    <View className='invite scan'>
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{t('invite.scan.title')}</Text>
      </View>
      <View className='scan__steps' role='list'>
        {STEPS.map((step, index) => (
          <View key={step} className='scan__step' role='listitem'>
            <Text className='scan__number' aria-label={t('invite.scan.stepLabel', { n: index + 1 })}>
              {index + 1}
            </Text>
            <Text className='scan__text'>{t(step)}</Text>
          </View>
        ))}
      </View>
      {appLink.canLeave ? (
        <InviteButton className='scan__download' text={t('invite.download')} onPress={download} />
      ) : (
        <MiniInstead explain='invite.mini.store' copyText={storeUrlFor(appLink.device(), storeUrls()) ?? storeUrls().android} copyLabel='invite.copyLink' copied='invite.linkCopied' />
      )}
      {cover ? <BrowserCover onClose={() => setCover(false)} /> : null}
    </View>
  )
}
