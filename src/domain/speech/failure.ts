/**
 * Why speech recognition failed, as the page says it: the service's error code (types/speech.ts
 * IatErrorCode) and the microphone's failure, each to a kind the locales word. The provider's and
 * the browser's own texts (English, such as 'app_id does not match' or 'Permission denied') never
 * reach the screen.
 */
import { IatErrorCode } from '../../../types/speech'

export type IatFailure = 'parameter' | 'unauthorized' | 'timeout' | 'tooLong' | 'other'

const IAT_FAILURES: Readonly<Record<number, IatFailure>> = {
  [IatErrorCode.InvalidParameter]: 'parameter',
  [IatErrorCode.Unauthorized]: 'unauthorized',
  [IatErrorCode.Timeout]: 'timeout',
  [IatErrorCode.AudioTooLong]: 'tooLong',
}

/** The kind of a service error code; an unknown one is 'other' (the page names its code). */
export function iatFailure(code: number): IatFailure {
  return Object.prototype.hasOwnProperty.call(IAT_FAILURES, code) ? IAT_FAILURES[code] : 'other'
}

export type MicrophoneFailure = 'denied' | 'missing' | 'busy' | 'ended' | 'other'

const ERROR_NAMES: Readonly<Record<string, MicrophoneFailure>> = {
  NotAllowedError: 'denied',
  SecurityError: 'denied',
  NotFoundError: 'missing',
  OverconstrainedError: 'missing',
  NotReadableError: 'busy',
  AbortError: 'busy',
}

/**
 * The kind of a microphone failure: a browser's DOMException by its name, the mini-program
 * recorder's errMsg (`…:fail auth deny`, `…:fail …`) by its words, a recording that stopped by itself.
 */
export function microphoneFailure(failure: unknown): MicrophoneFailure {
  const name = typeof failure === 'object' && failure !== null ? (failure as { name?: unknown }).name : undefined
  if (typeof name === 'string' && Object.prototype.hasOwnProperty.call(ERROR_NAMES, name)) return ERROR_NAMES[name]
  const text = failure instanceof Error ? failure.message : typeof failure === 'string' ? failure : ''
  if (/auth|permission|denied/i.test(text)) return 'denied'
  if (/ended|stopped/i.test(text)) return 'ended'
  return 'other'
}
