/**
 * Issue 34 item 1: the speech page's error says what failed in the reader's language, from the
 * service's code and the microphone's failure, never the provider's or the browser's English.
 */
import { iatFailure, microphoneFailure } from '../../../src/domain/speech'
import { IatErrorCode } from '../../../types/speech'

describe('iatFailure', () => {
  it.each([
    [IatErrorCode.InvalidParameter, 'parameter'],
    [IatErrorCode.Unauthorized, 'unauthorized'],
    [IatErrorCode.Timeout, 'timeout'],
    [IatErrorCode.AudioTooLong, 'tooLong'],
    [0, 'other'],
    [-1, 'other'],
    [99999, 'other'],
    [Number.NaN, 'other'],
  ])('code %p is %s', (code, failure) => {
    expect(iatFailure(code)).toBe(failure)
  })

  it('takes no inherited name for a code', () => {
    expect(iatFailure('toString' as unknown as number)).toBe('other')
  })
})

describe('microphoneFailure', () => {
  const domError = (name: string, message: string): Error => Object.assign(new Error(message), { name })

  it.each([
    [domError('NotAllowedError', 'Permission denied'), 'denied'],
    [domError('SecurityError', 'insecure context'), 'denied'],
    [domError('NotFoundError', 'Requested device not found'), 'missing'],
    [domError('OverconstrainedError', ''), 'missing'],
    [domError('NotReadableError', 'Could not start audio source'), 'busy'],
    [domError('AbortError', ''), 'busy'],
    [{ name: 'NotAllowedError' }, 'denied'],
    ['operateRecorder:fail auth deny', 'denied'],
    ['microphone ended', 'ended'],
    ['recording stopped', 'ended'],
    [new Error('no Web Audio'), 'other'],
    ['operateRecorder:fail', 'other'],
    [domError('constructor', 'x'), 'other'],
    [undefined, 'other'],
    [null, 'other'],
    [42, 'other'],
  ])('%p is %s', (failure, kind) => {
    expect(microphoneFailure(failure)).toBe(kind)
  })
})
