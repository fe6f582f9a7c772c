import Taro from '@tarojs/taro'
import { Text, View } from '@tarojs/components'
import { toPageUrl } from '../../domain/routes'
import { DEMO_SECTIONS } from '../../features/launcher/demoLinks'
import { useRouteTitle } from '../../features/routing/pageTitle'
import { platformEnv } from '../../platform/env'
import { t } from '../../locales'
import './index.scss'

/** The first page in development: one tap to every screen with the seeded demo data. */
export default function LauncherPage() {
  useRouteTitle('Launcher')
  return (
    <View className='launcher'>
      <Text className='launcher__intro'>{t('launcher.intro')}</Text>
      {DEMO_SECTIONS.map((section) => (
        <View className='launcher__section' key={section.title}>
          <Text className='launcher__section-title'>{t(section.title)}</Text>
          {section.links.map((link) => {
            const url = toPageUrl(link.route, link.params)
            return (
              <View className='launcher__link' key={url} hoverClass='launcher__link--active' onClick={() => void Taro.navigateTo({ url })}>
                <Text>{t(link.label)}</Text>
                <Text className='launcher__arrow'>›</Text>
              </View>
            )
          })}
        </View>
      ))}
      <Text className='launcher__host'>{t('launcher.apiHost', { host: platformEnv.apiHostLabel() })}</Text>
    </View>
  )
}
