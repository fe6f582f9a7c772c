import Taro, { useRouter } from '@tarojs/taro'
import { toPageUrl } from '../../domain/routes'
import { useRouteTitle } from '../../features/routing/pageTitle'
import { t } from '../../locales'
import { StateView } from '../../ui/StateView'

/** Unknown addresses land here with a way home. */
export default function NotFoundPage() {
  const { params } = useRouter()
  useRouteTitle('NotFound')
  return (
    <StateView
      kind='empty'
      title={t('notFound.title')}
      detail={[t('notFound.text'), params.path ? t('notFound.path', { path: params.path }) : ''].filter(Boolean).join('\n')}
      actionText={t('common.backHome')}
      onAction={() => void Taro.reLaunch({ url: toPageUrl('Launcher') })}
    />
  )
}
