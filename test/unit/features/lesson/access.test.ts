import type { LessonInfo, WireMessage } from '../../../../types/lesson'
import type { LessonApi, MessagePage } from '../../../../src/api/lesson'
import type { LessonLink } from '../../../../src/domain/lessonLink'
import { LessonStore, type LessonAccessContext } from '../../../../src/features/lesson/LessonStore'
import { lessonInfo } from '../../../fixtures/lessonInfo'

const PAGE = 20

const info = (overrides: Partial<LessonInfo> = {}): LessonInfo => lessonInfo({ fee: 990, ...overrides })

function wire(id: number): WireMessage {
  return { id, msgId: `m-${id}`, msgType: 1000, sendTime: id, obj: JSON.stringify({ content: `text ${id}` }) }
}

interface ListCall {
  page: number
  pageSize?: number
  coursePass?: string
  freePreview?: boolean
}

/**
 * A fake of the lesson calls that enforces what the server does: password 8888 for privacyStatus 2,
 * 601 for an unpaid full list of a paid lesson, the free list capped at freeCount.
 */
function fakeApi(lesson: LessonInfo, opts: { total?: number; paid?: () => boolean } = {}) {
  const total = opts.total ?? 3
  const calls: ListCall[] = []
  let infoCalls = 0
  const applied: string[] = []
  const api: LessonApi = {
    info: async () => {
      infoCalls += 1
      return { found: true, info: { ...lesson, isBought: opts.paid?.() ? 1 : 0 } }
    },
    messages: async (_link: LessonLink, page: number, options = {}): Promise<MessagePage> => {
      calls.push({ page, ...options })
      if (lesson.privacyStatus === 2 && options.coursePass !== '8888') return { kind: 'passwordRejected', message: 'wrong password' }
      const limit = options.freePreview ? lesson.freeCount : total
      if (lesson.privacyStatus === 3 && !options.freePreview && !opts.paid?.()) return { kind: 'mustPay' }
      const size = options.pageSize ?? PAGE
      const from = (page - 1) * size
      if (from >= limit) return { kind: 'end' }
      const ids = Array.from({ length: Math.min(size, limit - from) }, (_, i) => from + i + 1)
      return { kind: 'page', messages: ids.map(wire) }
    },
    pictures: async () => ({ msgTimestamp: 0, picArray: [], isNextData: 0 }),
    apply: async (courseData: string) => {
      applied.push(courseData)
    },
  }
  return { api, calls, applied, infoCalls: () => infoCalls }
}

function context(overrides: Partial<LessonAccessContext> = {}) {
  const remembered: string[] = []
  const ctx: LessonAccessContext = {
    inWechatBrowser: () => false,
    userId: () => undefined,
    isProductUser: () => false,
    storedPassword: () => undefined,
    rememberPassword: (p) => remembered.push(p),
    ...overrides,
  }
  return { ctx, remembered }
}

const link: LessonLink = { kind: 'v2', courseData: 'demo' }

describe('LessonStore access: password lessons', () => {
  it('locks, says a wrong password is wrong, and opens the list with the right one', async () => {
    const fake = fakeApi(info({ privacyStatus: 2 }))
    const { ctx, remembered } = context()
    const store = new LessonStore(fake.api, PAGE, ctx)
    await store.open(link)
    expect(store.status).toBe('locked')
    expect(store.visit.passwordRejected).toBe(false)
    expect(fake.calls).toHaveLength(0)

    await store.unlock('1234')
    expect(store.status).toBe('locked')
    expect(store.visit.passwordRejected).toBe(true)
    expect(fake.calls[0]).toEqual({ page: 1, pageSize: 1, coursePass: '1234', silent: false })

    await store.unlock('8888')
    expect(store.status).toBe('ready')
    expect(store.visit.passwordRejected).toBe(false)
    expect(store.messages).toHaveLength(3)
    expect(remembered).toEqual(['8888'])
    // the list itself carries the password too
    expect(fake.calls[fake.calls.length - 1]).toMatchObject({ page: 1, pageSize: PAGE, coursePass: '8888' })
  })

  it('opens straight away with the remembered lessonwd, and locks quietly when it is stale', async () => {
    const good = new LessonStore(fakeApi(info({ privacyStatus: 2 })).api, PAGE, context({ storedPassword: () => '8888' }).ctx)
    await good.open(link)
    expect(good.status).toBe('ready')

    const stale = new LessonStore(fakeApi(info({ privacyStatus: 2 })).api, PAGE, context({ storedPassword: () => 'old' }).ctx)
    await stale.open(link)
    expect(stale.status).toBe('locked')
    expect(stale.visit.passwordRejected).toBe(false)
  })
})

describe('LessonStore access: paid lessons', () => {
  it('reads only the free list in preview mode, with the pay entry', async () => {
    const fake = fakeApi(info({ privacyStatus: 3, isCheckedFreeCount: 1, freeCount: 2, fee: 990 }), { total: 10 })
    const store = new LessonStore(fake.api, PAGE, context().ctx)
    await store.open(link)
    expect(store.status).toBe('ready')
    expect(store.preview).toMatchObject({ freeCount: 2, pay: { priceFen: 990, needsPhoneBinding: true } })
    expect(store.messages.map((m) => m.id)).toEqual([1, 2])
    expect(fake.calls.every((c) => c.freePreview === true)).toBe(true)
  })

  it('sends an unpaid reader without preview to the pay page without asking for the list', async () => {
    const fake = fakeApi(info({ privacyStatus: 3 }))
    const store = new LessonStore(fake.api, PAGE, context().ctx)
    await store.open(link)
    expect(store.status).toBe('mustPay')
    expect(fake.calls).toHaveLength(0)
  })

  it('gives the author the full list, never the preview', async () => {
    const fake = fakeApi(info({ privacyStatus: 3, isCheckedFreeCount: 1, freeCount: 2 }), { total: 5, paid: () => true })
    const store = new LessonStore(fake.api, PAGE, context({ userId: () => 'wm_teacher' }).ctx)
    await store.open(link)
    expect(store.preview).toBeUndefined()
    expect(store.messages).toHaveLength(5)
  })

  it('after payment reloads the info and resets to the full list', async () => {
    let paid = false
    const fake = fakeApi(info({ privacyStatus: 3, isCheckedFreeCount: 1, freeCount: 2 }), { total: 6, paid: () => paid })
    const store = new LessonStore(fake.api, PAGE, context().ctx)
    await store.open(link)
    expect(store.messages).toHaveLength(2)
    paid = true
    await store.markPaid()
    expect(fake.infoCalls()).toBe(2)
    expect(store.preview).toBeUndefined()
    expect(store.status).toBe('ready')
    expect(store.messages.map((m) => m.id)).toEqual([1, 2, 3, 4, 5, 6])
    expect(fake.calls[fake.calls.length - 1].freePreview).toBe(false)
  })
})

describe('LessonStore access: WeChat in-app browser', () => {
  it('shows open-in-browser with apply when applyType is 0, and the submitted state after applying', async () => {
    const fake = fakeApi(info({ applyType: 0 }))
    const store = new LessonStore(fake.api, PAGE, context({ inWechatBrowser: () => true }).ctx)
    await store.open(link)
    expect(store.status).toBe('openInBrowser')
    expect(store.access).toEqual({ view: 'openInBrowser', canApply: true, applied: false })
    await store.apply()
    expect(fake.applied).toEqual(['demo'])
    expect(store.access).toEqual({ view: 'openInBrowser', canApply: true, applied: true })
    expect(fake.calls).toHaveLength(0)
  })

  it('offers no apply button for markId 2', async () => {
    const store = new LessonStore(fakeApi(info({ markId: 2 })).api, PAGE, context({ inWechatBrowser: () => true }).ctx)
    await store.open(link)
    expect(store.access).toEqual({ view: 'openInBrowser', canApply: false, applied: false })
  })
})

it('marks an illegal lesson without loading its list', async () => {
  const fake = fakeApi(info({ illegal: 1 }))
  const store = new LessonStore(fake.api, PAGE, context().ctx)
  await store.open(link)
  expect(store.status).toBe('illegal')
  expect(fake.calls).toHaveLength(0)
})
