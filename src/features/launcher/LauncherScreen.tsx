import { Text, View } from '../../platform/components/basic'
import { toPageUrl } from '../../domain/routes'
import { navigate } from '../../platform/navigation'
import { DEMO_SECTIONS, type DemoLink } from './demoLinks'
import { useRouteTitle } from '../routing'
import { platformEnv } from '../../platform/env'
import { t } from '../../locales'
import '../../locales/launcherStrings'
import { pressable } from '../../ui/a11y'
import './launcher.scss'

/** Media paths of the demo links live on the API host (the mini-program has no origin of its own). */
function withApiHost(params: DemoLink['params']): DemoLink['params'] {
  if (!params || typeof params.url !== 'string' || !params.url.startsWith('/')) return params
  return { ...params, url: platformEnv.apiBase() + params.url }
}

/** The first page in development: one tap to every screen with the seeded demo data. */
export function LauncherScreen() {
  useRouteTitle('Launcher')
  return (
    <View className='launcher'>
      <Text className='launcher__intro'>{t('launcher.intro')}</Text>
      {DEMO_SECTIONS.map((section) => (
        <View className='launcher__section' key={section.title}>
          <View className='launcher__section-title' role='heading' aria-level={2}>
            {t(section.title)}
          </View>
          {section.links.map((link) => {
            const params = withApiHost(link.params)
            const go = () => navigate(link.route, params)
            return (
              <View className='launcher__link' key={toPageUrl(link.route, params)} hoverClass='launcher__link--active' {...pressable(go, { role: 'link' })}>
                <Text>{t(link.label)}</Text>
                <Text className='launcher__arrow' aria-hidden='true'>›</Text>
              </View>
            )
          })}
        </View>
      ))}
      <Text className='launcher__host'>{t('launcher.apiHost', { host: platformEnv.apiHostLabel() })}</Text>
    </View>
  )
}
