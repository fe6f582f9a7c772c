import { useEffect, useState } from 'react'
import { Text, View } from '../../platform/components/basic'
import { t } from '../../locales'
import { appLink } from '../../platform/appLink'
import { appScheme } from './config'
import { navigate } from '../../platform/navigation'
import { BrowserCover, InviteButton } from './parts'
import './invite.scss'
import '../../locales/packages/invite'

/**
 * /openWeimai, the open-app cover (spec 001 §2): outside WeChat's in-app browser it tries the app's
 * custom scheme; inside it, the cover asking to open the page in a browser. The mini-program can
 * do neither: it explains how to open the app.
 */
export function OpenAppScreen() {
  const inWechat = appLink.inWechatBrowser()
  const [cover, setCover] = useState(inWechat)
  useEffect(() => {
    if (appLink.canLeave && !inWechat) void appLink.open(appScheme())
  }, [inWechat])

  if (!appLink.canLeave) {
    return (
      <View className='invite open-app'>
        <View className='invite__mini'>
          <Text className='invite__mini-text'>{t('invite.mini.openApp')}</Text>
        </View>
        <InviteButton className='open-app__download' text={t('invite.download')} onPress={() => navigate('DownloadWm')} secondary />
      </View>
    )
  }
  const openAgain = () => (inWechat ? setCover(true) : void appLink.open(appScheme()))
  return (
    <View className='invite open-app'>
      <View className='invite__heading' role='heading' aria-level={1}>
        <Text>{t('invite.open.title')}</Text>
      </View>
      <Text className='invite__text'>{t('invite.open.hint')}</Text>
      <InviteButton className='open-app__again' text={t('invite.open.again')} onPress={openAgain} />
      <InviteButton className='open-app__download' text={t('invite.download')} onPress={() => navigate('DownloadWm')} secondary />
      {cover ? <BrowserCover onClose={() => setCover(false)} /> : null}
    </View>
  )
}
