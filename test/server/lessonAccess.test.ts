import { decideLessonAnswer } from '../../server/lesson/rules'
import type { LessonAccessFacts, LessonListKind, LessonReader } from '../../server/lesson/rules'

const open: LessonAccessFacts = {
  illegal: 0,
  privacyStatus: 1,
  coursePass: null,
  wmid: 'author',
  isCheckedFreeCount: 0,
  freeCount: 0,
  viewLimit: null,
  viewCount: 0,
}
const locked: LessonAccessFacts = { ...open, privacyStatus: 2, coursePass: '8888' }
const paid: LessonAccessFacts = { ...open, privacyStatus: 3 }
const paidWithPreview: LessonAccessFacts = { ...paid, isCheckedFreeCount: 1, freeCount: 5 }

const anonymous: LessonReader = { wmid: null, hasBought: false }
const stranger: LessonReader = { wmid: 'someone', hasBought: false }
const buyer: LessonReader = { wmid: 'someone', hasBought: true }
const author: LessonReader = { wmid: 'author', hasBought: false }

const ALL = { granted: true, limit: null }
const lists: LessonListKind[] = ['messages', 'pictures']

describe('decideLessonAnswer', () => {
  it('refuses every list of an illegal lesson with 451, even to its author and buyers', () => {
    for (const list of ['messages', 'free', 'pictures'] as const) {
      for (const reader of [anonymous, author, buyer]) {
        expect(decideLessonAnswer({ ...paidWithPreview, illegal: 1 }, reader, list, undefined)).toMatchObject({
          granted: false,
          code: 451,
        })
      }
    }
  })

  it('opens an open lesson to anyone', () => {
    for (const list of lists) expect(decideLessonAnswer(open, anonymous, list, undefined)).toEqual(ALL)
  })

  it('opens a password lesson only with the exact password', () => {
    for (const list of lists) {
      expect(decideLessonAnswer(locked, anonymous, list, '8888')).toEqual(ALL)
      for (const wrong of [undefined, '', '888', '88888', ' 8888', '8888 ']) {
        expect(decideLessonAnswer(locked, anonymous, list, wrong)).toEqual({
          granted: false,
          code: 403,
          key: 'wrongCoursePassword',
        })
      }
    }
  })

  it('does not accept a missing password because the stored one is missing', () => {
    expect(decideLessonAnswer({ ...locked, coursePass: null }, anonymous, 'messages', undefined)).toMatchObject({
      granted: false,
    })
  })

  it('gives the whole of a paid lesson to a buyer and to the author only', () => {
    for (const list of lists) {
      expect(decideLessonAnswer(paid, buyer, list, undefined)).toEqual(ALL)
      expect(decideLessonAnswer(paid, author, list, undefined)).toEqual(ALL)
      expect(decideLessonAnswer(locked, author, list, undefined)).toEqual(ALL)
    }
    for (const reader of [anonymous, stranger]) {
      expect(decideLessonAnswer(paid, reader, 'messages', undefined)).toMatchObject({ granted: false, code: 601 })
      expect(decideLessonAnswer(paidWithPreview, reader, 'messages', undefined)).toMatchObject({
        granted: false,
        code: 601,
      })
    }
  })

  it('limits the picture list of a preview reader to the preview', () => {
    expect(decideLessonAnswer(paidWithPreview, stranger, 'pictures', undefined)).toEqual({ granted: true, limit: 5 })
    expect(decideLessonAnswer(paid, stranger, 'pictures', undefined)).toMatchObject({ granted: false, code: 601 })
  })

  it('serves the free list as the first freeCount messages, to anyone, only for a paid preview lesson', () => {
    for (const reader of [anonymous, stranger, buyer, author]) {
      expect(decideLessonAnswer(paidWithPreview, reader, 'free', undefined)).toEqual({ granted: true, limit: 5 })
    }
    const noPreview = [open, locked, paid, { ...paid, isCheckedFreeCount: 1 as const }, { ...paid, freeCount: 5 }]
    for (const lesson of noPreview) {
      expect(decideLessonAnswer(lesson, buyer, 'free', '8888')).toMatchObject({ granted: false, code: 403 })
    }
  })

  it('closes every list of a lesson at its view limit to everyone but the author', () => {
    for (const lesson of [open, locked, paidWithPreview]) {
      const atLimit = { ...lesson, viewLimit: 3, viewCount: 3 }
      for (const list of ['messages', 'free', 'pictures'] as const) {
        for (const reader of [anonymous, stranger, buyer]) {
          expect(decideLessonAnswer(atLimit, reader, list, '8888')).toEqual({
            granted: false,
            code: 8,
            key: 'viewLimit',
          })
        }
      }
      expect(decideLessonAnswer(atLimit, author, 'messages', undefined)).toEqual(ALL)
    }
  })

  it('keeps a lesson open below its view limit and an illegal one illegal at it', () => {
    expect(decideLessonAnswer({ ...open, viewLimit: 3, viewCount: 2 }, anonymous, 'messages', undefined)).toEqual(ALL)
    expect(decideLessonAnswer({ ...open, viewLimit: 0, viewCount: 0 }, anonymous, 'messages', undefined)).toMatchObject({
      code: 8,
    })
    expect(
      decideLessonAnswer({ ...open, illegal: 1, viewLimit: 1, viewCount: 5 }, anonymous, 'messages', undefined),
    ).toMatchObject({ code: 451 })
  })

  it('never lets a password stand in for a purchase', () => {
    expect(decideLessonAnswer({ ...paid, coursePass: '8888' }, stranger, 'messages', '8888')).toMatchObject({
      granted: false,
      code: 601,
    })
  })
})
