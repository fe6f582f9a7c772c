import { memoryStorage } from '../../../fixtures/storage'
import {
  RESUME_SAVE_STEP_SECONDS,
  RESUME_STORAGE_PREFIX,
  ResumePoints,
  parseResumePoint,
} from '../../../../src/stores/player/resume'

describe('parseResumePoint', () => {
  it('reads a saved point', () => {
    expect(parseResumePoint('{"msgId":"v3","position":6}')).toEqual({ msgId: 'v3', position: 6 })
    expect(parseResumePoint('{"msgId":"v3","position":0}')).toEqual({ msgId: 'v3', position: 0 })
  })

  it.each([
    ['nothing', undefined],
    ['an empty string', ''],
    ['broken JSON', '{"msgId":'],
    ['null', 'null'],
    ['a number', '42'],
    ['an array', '["v3",6]'],
    ['a numeric msgId', '{"msgId":5,"position":6}'],
    ['an empty msgId', '{"msgId":"","position":6}'],
    ['a negative position', '{"msgId":"v3","position":-1}'],
    ['a position as text', '{"msgId":"v3","position":"6"}'],
    ['no position', '{"msgId":"v3"}'],
  ])('ignores %s', (_, raw) => {
    expect(parseResumePoint(raw)).toBeUndefined()
  })
})

describe('ResumePoints', () => {
  it('keeps one point per lesson, in whole seconds', () => {
    const storage = memoryStorage()
    const points = new ResumePoints(storage)
    points.save('a', 'v1', 12.9, true)
    points.save('b', 'v7', 3.2, true)
    expect(storage.map.get(RESUME_STORAGE_PREFIX + 'a')).toBe('{"msgId":"v1","position":12}')
    expect(points.read('a')).toEqual({ msgId: 'v1', position: 12 })
    expect(points.read('b')).toEqual({ msgId: 'v7', position: 3 })
    expect(points.read('c')).toBeUndefined()
  })

  it('while playing writes only after moving the save step; a forced save writes at once', () => {
    const storage = memoryStorage()
    const points = new ResumePoints(storage)
    points.save('a', 'v1', 0, false)
    expect(points.read('a')).toEqual({ msgId: 'v1', position: 0 })
    points.save('a', 'v1', RESUME_SAVE_STEP_SECONDS - 0.1, false)
    expect(points.read('a')?.position).toBe(0)
    points.save('a', 'v1', RESUME_SAVE_STEP_SECONDS, false)
    expect(points.read('a')?.position).toBe(RESUME_SAVE_STEP_SECONDS)
    points.save('a', 'v1', RESUME_SAVE_STEP_SECONDS + 1, true)
    expect(points.read('a')?.position).toBe(RESUME_SAVE_STEP_SECONDS + 1)
  })

  it('a seek back by the step is saved too', () => {
    const points = new ResumePoints(memoryStorage())
    points.save('a', 'v1', 30, true)
    points.save('a', 'v1', 30 - RESUME_SAVE_STEP_SECONDS, false)
    expect(points.read('a')?.position).toBe(30 - RESUME_SAVE_STEP_SECONDS)
  })

  it('after a restart the next save is due whatever the step', () => {
    const points = new ResumePoints(memoryStorage())
    points.save('a', 'v1', 8, true)
    points.save('a', 'v2', 9, false)
    expect(points.read('a')?.msgId).toBe('v1')
    points.restart()
    points.save('a', 'v2', 9, false)
    expect(points.read('a')).toEqual({ msgId: 'v2', position: 9 })
  })

  it('forgets a lesson heard to the end, and only that one', () => {
    const storage = memoryStorage()
    const points = new ResumePoints(storage)
    points.save('a', 'v1', 1, true)
    points.save('b', 'v2', 2, true)
    points.forget('a')
    expect(points.read('a')).toBeUndefined()
    expect(storage.map.has(RESUME_STORAGE_PREFIX + 'a')).toBe(false)
    expect(points.read('b')).toEqual({ msgId: 'v2', position: 2 })
  })
})
