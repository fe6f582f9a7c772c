import { t } from '../../locales'
import { lazyPart } from '../../ui/lazyPart'
import { StateView } from '../../ui/StateView'
import type { PasswordLockProps } from './PasswordLock'

/**
 * The password lock arrives in a chunk of its own when a locked lesson shows it: its field is
 * Taro's Stencil input, which would bring the Stencil runtime into every lesson's first load.
 */
export const PasswordLock = lazyPart<PasswordLockProps>(
  () => import('./PasswordLock').then((m) => m.PasswordLock),
  <StateView kind='loading' title={t('common.loading')} />,
)
