/** Speech-to-text (/iatTest, misc package). */
export { SpeechScreen } from './SpeechScreen'
export { SpeechStore } from './SpeechStore'
export { speechFailureMessages } from './messages'
export type { SpeechDeps, SpeechStatus } from './SpeechStore'
