import { useRouter } from '@tarojs/taro'
import { decodeFully } from '../../domain/routeParams'
import { relaunch } from '../../platform/navigation'
import { useRouteTitle } from '../../features/routing'
import { t } from '../../locales'
import { StateView } from '../../ui/StateView'

/** Unknown addresses land here with a way home. */
export default function NotFoundPage() {
  const { params } = useRouter()
  // Taro H5 hands query values over still percent-encoded.
  const path = params.path ? decodeFully(params.path) : ''
  useRouteTitle('NotFound')
  return (
    <StateView
      kind='empty'
      title={t('notFound.title')}
      detail={[t('notFound.text'), path ? t('notFound.path', { path }) : ''].filter(Boolean).join('\n')}
      actionText={t('common.backHome')}
      onAction={() => relaunch('Launcher')}
    />
  )
}
