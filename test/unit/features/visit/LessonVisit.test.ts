import type { LessonApi, MessagePage } from '../../../../src/api/lesson'
import { ApiError } from '../../../../src/api/client'
import { LessonVisit } from '../../../../src/features/visit'

const HANDLE = { kind: 'v2', courseData: 'c1' } as const

/** The lesson calls the visit makes, answering as the server would for password 8888. */
function fakeApi(opts: { messages?: (coursePass?: string) => Promise<MessagePage>; apply?: () => Promise<void> } = {}) {
  const listCalls: { page: number; pageSize?: number; coursePass?: string }[] = []
  const applyCalls: string[] = []
  const api: Pick<LessonApi, 'messages' | 'apply'> = {
    messages: async (_handle, page, options = {}) => {
      listCalls.push({ page, pageSize: options.pageSize, coursePass: options.coursePass })
      if (opts.messages) return opts.messages(options.coursePass)
      return options.coursePass === '8888' ? { kind: 'page', messages: [] } : { kind: 'passwordRejected', message: 'wrong password' }
    },
    apply: async (courseData) => {
      applyCalls.push(courseData)
      if (opts.apply) await opts.apply()
    },
  }
  return { api, listCalls, applyCalls }
}

function visitOver(fake: ReturnType<typeof fakeApi>) {
  const remembered: string[] = []
  const visit = new LessonVisit({ api: fake.api, rememberPassword: (p) => remembered.push(p) })
  return { visit, remembered }
}

describe('LessonVisit: the password lock', () => {
  it('checks a password with a one-item list request and remembers only an accepted one', async () => {
    const fake = fakeApi()
    const { visit, remembered } = visitOver(fake)
    expect(await visit.unlock(HANDLE, '1234')).toBe('rejected')
    expect(visit.passwordRejected).toBe(true)
    expect(visit.passwordVerified).toBe(false)
    expect(remembered).toEqual([])
    expect(await visit.unlock(HANDLE, '8888')).toBe('accepted')
    expect(visit.passwordRejected).toBe(false)
    expect(visit.standing).toEqual({ applied: false, passwordVerified: true, paidLocally: false })
    expect(remembered).toEqual(['8888'])
    expect(fake.listCalls).toEqual([
      { page: 1, pageSize: 1, coursePass: '1234' },
      { page: 1, pageSize: 1, coursePass: '8888' },
    ])
  })

  it('holds the wait when the server stopped checking passwords, and drops it once one is accepted', async () => {
    let limited = true
    const fake = fakeApi({
      messages: async (coursePass) =>
        limited ? { kind: 'tooManyTries', waitMinutes: 7 } : coursePass === '8888' ? { kind: 'page', messages: [] } : { kind: 'passwordRejected', message: 'wrong password' },
    })
    const { visit, remembered } = visitOver(fake)
    expect(await visit.unlock(HANDLE, '8888')).toBe('tooManyTries')
    expect(visit.tooManyTries).toEqual({ waitMinutes: 7 })
    expect(visit.passwordRejected).toBe(false)
    expect(remembered).toEqual([])
    limited = false
    expect(await visit.unlock(HANDLE, '8888')).toBe('accepted')
    expect(visit.tooManyTries).toBeNull()
    expect(remembered).toEqual(['8888'])
  })

  it('answers mustPay when the list says the lesson must be bought first', async () => {
    const { visit } = visitOver(fakeApi({ messages: async () => ({ kind: 'mustPay' }) }))
    expect(await visit.unlock(HANDLE, '8888')).toBe('mustPay')
    expect(visit.passwordVerified).toBe(false)
    expect(visit.passwordRejected).toBe(false)
  })

  it('keeps the lock on a network failure (the transport told the user) and can be tried again', async () => {
    let down = true
    const fake = fakeApi({
      messages: async (coursePass) => {
        if (down) throw new ApiError(-1, 'network request abnormal', '/list')
        return coursePass === '8888' ? { kind: 'page', messages: [] } : { kind: 'passwordRejected', message: '' }
      },
    })
    const { visit } = visitOver(fake)
    expect(await visit.unlock(HANDLE, '8888')).toBe('failed')
    expect(visit.unlocking).toBe(false)
    expect(visit.passwordVerified).toBe(false)
    down = false
    expect(await visit.unlock(HANDLE, '8888')).toBe('accepted')
  })

  it('ignores a second unlock while one is running', async () => {
    let release: () => void = () => undefined
    const fake = fakeApi({ messages: () => new Promise((resolve) => (release = () => resolve({ kind: 'page', messages: [] }))) })
    const { visit } = visitOver(fake)
    const first = visit.unlock(HANDLE, '8888')
    expect(visit.unlocking).toBe(true)
    expect(await visit.unlock(HANDLE, '8888')).toBe('failed')
    release()
    expect(await first).toBe('accepted')
    expect(fake.listCalls).toHaveLength(1)
  })

  it('a revoked password asks again; a password from the link counts as verified and is remembered', () => {
    const { visit, remembered } = visitOver(fakeApi())
    visit.passwordAccepted('8888')
    expect(visit.passwordVerified).toBe(true)
    expect(remembered).toEqual(['8888'])
    visit.passwordRevoked()
    expect(visit.passwordVerified).toBe(false)
  })
})

describe('LessonVisit: apply and payment', () => {
  it('applies once at a time, and a failure leaves the button for another try', async () => {
    let fail = true
    const fake = fakeApi({
      apply: async () => {
        if (fail) throw new ApiError(500, 'server error', '/apply')
      },
    })
    const { visit } = visitOver(fake)
    expect(await visit.apply('c1')).toBe(false)
    expect(visit.applied).toBe(false)
    expect(visit.applying).toBe(false)
    fail = false
    const running = visit.apply('c1')
    expect(await visit.apply('c1')).toBe(false)
    expect(await running).toBe(true)
    expect(visit.applied).toBe(true)
    expect(fake.applyCalls).toEqual(['c1', 'c1'])
  })

  it('a confirmed payment is part of the standing', () => {
    const { visit } = visitOver(fakeApi())
    visit.markPaid()
    expect(visit.standing).toEqual({ applied: false, passwordVerified: false, paidLocally: true })
  })
})
