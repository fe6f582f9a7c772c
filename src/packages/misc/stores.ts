import { definePackageStores } from '../../app/stores'
import { createSpeechApi } from '../../api/speech'
import { SpeechStore } from '../../features/speech'
import { t } from '../../locales'
import { microphone } from '../../platform/microphone'
import { openSocket } from '../../platform/socket'
import '../../locales/packages/tools'

/**
 * The misc package's composition, reached only from its own pages. Its screens (audio file players,
 * circle posts) keep no area state yet: they play through the app's one player, so a lesson voice
 * stops when a file starts. Area stores of this package are built here on `app.post`.
 */
export const useMiscStores = definePackageStores((app) => ({
  player: app.player,
  /** /iatTest: one speech session per page */
  createSpeechStore: (): SpeechStore =>
    new SpeechStore({
      iatAuth: createSpeechApi(app.post).iatAuth,
      microphone,
      openSocket,
      messages: {
        closed: () => t('speech.closed'),
        microphone: (detail) => t('speech.microphone', { detail }),
        service: (code, message) => t('speech.service', { code, message }),
      },
    }),
}))
