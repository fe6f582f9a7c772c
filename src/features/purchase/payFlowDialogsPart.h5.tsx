import { View } from '../../platform/components/basic'
import { t } from '../../locales'
import { lazyPart } from '../../ui/lazyPart'
import { Overlay } from '../../ui/Overlay'
import type { PayFlowViewProps } from './PayFlowDialogs'

/** The pay flow's dialogs and the phone binding arrive in a chunk of their own when the flow first opens. */
export const PayFlowDialogs = lazyPart<PayFlowViewProps>(
  () => import('./PayFlowDialogs').then((m) => m.PayFlowDialogs),
  <Overlay>
    <View className='ui-overlay__status' role='status'>
      {t('common.loading')}
    </View>
  </Overlay>,
)
