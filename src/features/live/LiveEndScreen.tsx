import { Button, Text, View } from '../../platform/components/basic'
import { navigate } from '../../platform/navigation'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'
import './live.scss'
import '../../locales/packages/live'

/** /liveEnd (spec 001 §2): the 'live ended' cover and 'download the app and start a live for free' -> /downloadWm. */
export function LiveEndScreen() {
  const download = () => navigate('DownloadWm')
  return (
    <View className='live-end'>
      <View className='live-end__cover' role='img' aria-label={t('live.end.cover')}>
        <View className='live-end__mark' />
      </View>
      <View className='live-end__title' role='heading' aria-level={1}>
        {t('live.end.title')}
      </View>
      <Text className='live-end__detail'>{t('live.end.detail')}</Text>
      <Button className='live-end__download' {...pressable(download, { role: 'link' })}>
        {t('live.end.download')}
      </Button>
    </View>
  )
}
