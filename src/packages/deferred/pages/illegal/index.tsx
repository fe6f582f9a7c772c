import { Text, View } from '../../../../platform/components/basic'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import '../../../../ui/noticePage.scss'

/** /illegal (spec 000 §2): the content is suspected of violation and access is suspended. */
export default function IllegalPage() {
  useRouteTitle('Illegal')
  return (
    <View className='notice-page'>
      <View className='notice-page__icon notice-page__icon--warn'>!</View>
      <Text className='notice-page__title'>{t('illegal.title')}</Text>
      <Text className='notice-page__text'>{t('illegal.text')}</Text>
    </View>
  )
}
