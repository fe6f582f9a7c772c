import { Text, View } from '../../../../platform/components/basic'
import { useRouteTitle } from '../../../../features/routing'
import { t } from '../../../../locales'
import '../../../../ui/noticePage.scss'

/** /vipAlert (spec 001 §2): the content exceeded its view limit; the author must enable VIP. */
export default function VipAlertPage() {
  useRouteTitle('VipAlert')
  return (
    <View className='notice-page'>
      <View className='notice-page__icon'>V</View>
      <Text className='notice-page__title'>{t('vipAlert.title')}</Text>
      <Text className='notice-page__text'>{t('vipAlert.text')}</Text>
    </View>
  )
}
