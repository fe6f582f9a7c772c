import type { IatFailure, MicrophoneFailure } from '../../domain/speech'
import { t } from '../../locales'
import '../../locales/packages/tools'
import type { SpeechDeps } from './SpeechStore'

/** What the speech page says of each failure, in the app's language (src/locales, tools). */
export const speechFailureMessages: SpeechDeps['messages'] = {
  closed: () => t('speech.closed'),
  microphone: (failure: MicrophoneFailure) => t(`speech.microphone.${failure}`),
  service: (failure: IatFailure, code: number) => t(`speech.service.${failure}`, { code }),
}
