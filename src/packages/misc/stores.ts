import { definePackageStores } from '../../app/stores'
import { createSpeechApi } from '../../api/speech'
import { createTestOrderApi } from '../../api/testOrder'
import { SpeechStore, speechFailureMessages } from '../../features/speech'
import { TestStore, WmJsApiStore, randomRequestId } from '../../features/tools'
import { t } from '../../locales'
import { nativeBridge } from '../../platform/bridge'
import { clipboard } from '../../platform/clipboard'
import { microphone } from '../../platform/microphone'
import { openSocket } from '../../platform/socket'
import '../../locales/packages/tools'
import { messageOf } from '../../domain/errorMessage'

/**
 * The misc package's composition, reached only from its own pages. Its screens (audio file players,
 * circle posts) keep no area state yet: they play through the app's one player, so a lesson voice
 * stops when a file starts. Area stores of this package are built here on `app.post`.
 */
export const useMiscStores = definePackageStores((app) => ({
  player: app.player,
  /** /iatTest: one speech session per page */
  createSpeechStore: (): SpeechStore => {
    const speech = createSpeechApi(app.post)
    return new SpeechStore({
      iatAuth: () => speech.iatAuth(),
      microphone,
      openSocket,
      messages: speechFailureMessages,
    })
  },
  /** /test: the native bridge, the clipboard and a demo payment through the app's payment gateway */
  createTestStore: (): TestStore => {
    const orders = createTestOrderApi(app.post)
    return new TestStore({
      bridge: nativeBridge,
      clipboard,
      createOrder: (requestId) => orders.create(requestId),
      payment: app.payment,
      newRequestId: randomRequestId,
      messageOf,
    })
  },
  /** /testWmJsApi: the app's one share gateway, reporting its steps */
  createWmJsApiStore: (): WmJsApiStore =>
    new WmJsApiStore(app.share, () => ({
      title: t('tools.wmJsApi.shareTitle'),
      desc: t('share.desc'),
      imageUrl: '',
      link: typeof window !== 'undefined' ? window.location.href.split('#')[0] : '',
    })),
}))
