import { observer } from 'mobx-react-lite'
import { Text, View } from '../../platform/components/basic'
import { useAppStores } from '../../app/stores'
import { formatDuration } from '../../domain/format'
import { t } from '../../locales'
import { pressable } from '../../ui/a11y'

/**
 * Another device's newer place in this lesson (issue 35 item 4): "continue from 12:34 (from your
 * phone)". It stands where the local resume offer stands (the same bar), in its place.
 */
export const RemoteResumeBar = observer(function RemoteResumeBar() {
  const { resumeSync } = useAppStores()
  const offer = resumeSync.shownOffer
  if (!offer) return null
  const text = t('resume.remote.prompt', { time: formatDuration(offer.position), device: t(`resume.device.${offer.device}`) })
  return (
    <View className='resume-bar resume-bar--remote' role='status'>
      <Text className='resume-bar__text'>{text}</Text>
      <Text className='resume-bar__action' {...pressable(() => void resumeSync.accept())}>
        {t('resume.remote.continue')}
      </Text>
      <Text className='resume-bar__dismiss' {...pressable(() => resumeSync.dismiss())}>
        {t('resume.remote.dismiss')}
      </Text>
    </View>
  )
})
