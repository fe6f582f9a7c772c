/**
 * Issue 34 item 1: the speech page words each failure itself, in the app's language; the service's
 * English ('app_id does not match') used to follow the code on a zh-CN screen.
 */
import { speechFailureMessages } from '../../../src/features/speech'
import { setLocale } from '../../../src/locales'
import type { IatFailure, MicrophoneFailure } from '../../../src/domain/speech'

const SERVICE: IatFailure[] = ['parameter', 'unauthorized', 'timeout', 'tooLong', 'other']
const MICROPHONE: MicrophoneFailure[] = ['denied', 'missing', 'busy', 'ended', 'other']

afterEach(() => setLocale('zh-CN'))

describe('the speech page\'s failures', () => {
  it('are Chinese sentences in zh-CN, the unknown service code named', () => {
    const texts = [
      speechFailureMessages.closed(),
      ...SERVICE.map((failure) => speechFailureMessages.service(failure, 10999)),
      ...MICROPHONE.map((failure) => speechFailureMessages.microphone(failure)),
    ]
    for (const text of texts) expect(text).toMatch(/\p{Script=Han}/u)
    expect(speechFailureMessages.service('other', 10999)).toBe('识别服务出错（10999），请稍后再试')
    expect(speechFailureMessages.service('timeout', 10114)).toBe('太久没有听到声音，请重新开始')
    expect(speechFailureMessages.microphone('denied')).toBe('没有使用麦克风的权限，请在设置中允许后重试')
  })

  it('are English in en, every one its own sentence', () => {
    setLocale('en')
    const texts = [...SERVICE.map((failure) => speechFailureMessages.service(failure, 1)), ...MICROPHONE.map((failure) => speechFailureMessages.microphone(failure))]
    for (const text of texts) expect(text).not.toMatch(/\p{Script=Han}|speech\./u)
    expect(new Set(texts).size).toBe(texts.length)
  })
})
