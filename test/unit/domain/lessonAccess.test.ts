import { lessonInfo } from '../../fixtures/lessonInfo'
import { isDeepStrictEqual } from 'node:util'
import fc from 'fast-check'
import {
  decideLessonView,
  decideLessonPayView,
  shareRewardFen,
  type LessonAccess,
  type LessonAccessInput,
  type LessonPayView,
  type PayEntry,
} from '../../../src/domain/lessonAccess'
import type { LessonInfo } from '../../../types/lesson'

const USER = 'u-1001'
const FEE = 1990
const RECASH = 200

const baseInfo: LessonInfo = lessonInfo({ createTimestamp: 1_700_000_000_000, wmid: 'author-7', privacyStatus: 3, fee: FEE })

/** Wire data the type system would refuse, fed to the decision as the network could. */
const hostile = (fields: unknown): LessonInfo => fields as LessonInfo

type Overrides = Omit<Partial<LessonAccessInput>, 'info'> & { info?: Partial<LessonInfo> }

const visitor = (overrides: Overrides = {}): LessonAccessInput => ({
  env: { inWechatBrowser: false },
  session: { userId: USER, isProductUser: true },
  ...overrides,
  info: { ...baseInfo, ...overrides.info },
})

// ---------------------------------------------------------------------------------------------
// The reference: spec 000 §4 "Lesson load", §6 and spec 001 §4 read as an ordered rule list,
// first matching row wins. Written from the spec, not from the implementation.
// ---------------------------------------------------------------------------------------------
type Visitor = 'author' | 'other' | 'anonymous'
interface Case {
  illegal: 0 | 1
  inWechat: boolean
  markId: 0 | 2
  applyType: 0 | 1 | 2
  privacyStatus: 1 | 2 | 3
  isBought: 0 | 1
  isCheckedFreeCount: 0 | 1
  freeCount: 0 | 3
  visitor: Visitor
  productUser: boolean
  applied: boolean
  passwordVerified: boolean
  paidLocally: boolean
  liveOwner: boolean
  shareRecash: boolean
}

function inputOf(c: Case): LessonAccessInput {
  return {
    info: {
      ...baseInfo,
      illegal: c.illegal,
      markId: c.markId,
      applyType: c.applyType,
      privacyStatus: c.privacyStatus,
      isBought: c.isBought,
      isCheckedFreeCount: c.isCheckedFreeCount,
      freeCount: c.freeCount,
      wmid: c.visitor === 'author' ? USER : 'author-7',
      isCheckedShareRecash: c.shareRecash ? 1 : 0,
      shareRecash: RECASH,
    },
    env: { inWechatBrowser: c.inWechat },
    session: { userId: c.visitor === 'anonymous' ? undefined : USER, isProductUser: c.productUser },
    applied: c.applied,
    passwordVerified: c.passwordVerified,
    paidLocally: c.paidLocally,
    liveOwnerId: c.liveOwner ? USER : undefined,
  }
}

const expectedPay = (c: Case): PayEntry =>
  c.shareRecash
    ? { priceFen: FEE, needsPhoneBinding: !c.productUser, shareRewardFen: RECASH }
    : { priceFen: FEE, needsPhoneBinding: !c.productUser }

const noApplyButton = (c: Case): boolean => c.markId === 2 || c.applyType === 1 || c.applyType === 2
const countsAsPaid = (c: Case): boolean =>
  c.isBought === 1 || c.paidLocally || (c.liveOwner && c.visitor !== 'anonymous')
const freePreview = (c: Case): boolean => c.isCheckedFreeCount === 1 && c.freeCount > 0 && c.visitor !== 'author'

type Row<T> = [rule: string, when: (c: Case) => boolean, then: (c: Case) => T]

const lessonRules: Row<LessonAccess>[] = [
  ['illegal first', (c) => c.illegal === 1, () => ({ view: 'illegal' })],
  [
    'WeChat, markId 2 or applyType 1/2',
    (c) => c.inWechat && noApplyButton(c),
    () => ({ view: 'openInBrowser', canApply: false, applied: false }),
  ],
  [
    'WeChat, applyType 0',
    (c) => c.inWechat && c.applyType === 0,
    (c) => ({ view: 'openInBrowser', canApply: true, applied: c.applied }),
  ],
  ['open', (c) => c.privacyStatus === 1, () => ({ view: 'list', mode: 'full' })],
  ['password locked', (c) => c.privacyStatus === 2 && !c.passwordVerified, () => ({ view: 'password' })],
  ['password unlocked', (c) => c.privacyStatus === 2, () => ({ view: 'list', mode: 'full' })],
  ['paid, author', (c) => c.visitor === 'author', () => ({ view: 'list', mode: 'full' })],
  ['paid, bought', countsAsPaid, () => ({ view: 'list', mode: 'full' })],
  ['paid, free preview', freePreview, (c) => ({ view: 'list', mode: 'preview', freeCount: 3, pay: expectedPay(c) })],
  ['paid, unpaid', () => true, (c) => ({ view: 'pay', ...expectedPay(c) })],
]

const payViewRules = (kind: 'lesson' | 'live'): Row<LessonPayView>[] => [
  ['illegal first', (c) => c.illegal === 1, () => ({ view: 'illegal' })],
  ['live is app-only', () => kind === 'live', () => ({ view: 'liveAppOnly' })],
  [
    'WeChat, markId 2 or applyType 1/2',
    (c) => c.inWechat && noApplyButton(c),
    () => ({ view: 'openInBrowser', canApply: false, applied: false }),
  ],
  [
    'WeChat, applyType 0',
    (c) => c.inWechat && c.applyType === 0,
    (c) => ({ view: 'openInBrowser', canApply: true, applied: c.applied }),
  ],
  ['open goes to /lesson', (c) => c.privacyStatus === 1, () => ({ view: 'lesson' })],
  ['password locked', (c) => c.privacyStatus === 2 && !c.passwordVerified, () => ({ view: 'password' })],
  ['password unlocked', (c) => c.privacyStatus === 2, () => ({ view: 'lesson' })],
  ['paid, author', (c) => c.visitor === 'author', () => ({ view: 'purchased' })],
  ['paid, bought', countsAsPaid, () => ({ view: 'purchased' })],
  ['paid, free preview', freePreview, (c) => ({ view: 'pay', canPreview: true, ...expectedPay(c) })],
  ['paid, unpaid', () => true, (c) => ({ view: 'pay', canPreview: false, ...expectedPay(c) })],
]

function reference<T>(rules: Row<T>[], c: Case): { rule: string; expected: T } {
  const row = rules.find(([, when]) => when(c))
  if (!row) throw new Error('the reference table has a final catch-all row')
  return { rule: row[0], expected: row[2](c) }
}

function allCases(): Case[] {
  const cases: Case[] = []
  const bools = [false, true]
  for (const illegal of [0, 1] as const)
    for (const inWechat of bools)
      for (const markId of [0, 2] as const)
        for (const applyType of [0, 1, 2] as const)
          for (const privacyStatus of [1, 2, 3] as const)
            for (const isBought of [0, 1] as const)
              for (const isCheckedFreeCount of [0, 1] as const)
                for (const freeCount of [0, 3] as const)
                  for (const v of ['author', 'other', 'anonymous'] as const)
                    for (const productUser of bools)
                      for (const applied of bools)
                        for (const passwordVerified of bools)
                          for (const paidLocally of bools)
                            for (const liveOwner of bools)
                              for (const shareRecash of bools)
                                cases.push({
                                  illegal,
                                  inWechat,
                                  markId,
                                  applyType,
                                  privacyStatus,
                                  isBought,
                                  isCheckedFreeCount,
                                  freeCount,
                                  visitor: v,
                                  productUser,
                                  applied,
                                  passwordVerified,
                                  paidLocally,
                                  liveOwner,
                                  shareRecash,
                                })
  return cases
}

const CASES = allCases()

function mismatches<T>(decide: (input: LessonAccessInput) => T, rules: Row<T>[]) {
  const wrong: Array<{ case: Case; rule: string; expected: T; actual: T }> = []
  const rulesHit = new Set<string>()
  for (const c of CASES) {
    const { rule, expected } = reference(rules, c)
    rulesHit.add(rule)
    const actual = decide(inputOf(c))
    if (!isDeepStrictEqual(actual, expected)) wrong.push({ case: c, rule, expected, actual })
  }
  return { wrong: wrong.slice(0, 5), wrongCount: wrong.length, rulesHit }
}

describe('every combination against the reference rule table', () => {
  it('covers the whole input space', () => {
    expect(CASES).toHaveLength(2 * 2 * 2 * 3 * 3 * 2 * 2 * 2 * 3 * 2 * 2 * 2 * 2 * 2 * 2)
  })

  it('decideLessonView (/lesson) agrees on every combination', () => {
    const result = mismatches(decideLessonView, lessonRules)
    expect(result.wrong).toEqual([])
    expect(result.wrongCount).toBe(0)
    expect([...result.rulesHit].sort()).toEqual(lessonRules.map(([rule]) => rule).sort())
  })

  it.each(['lesson', 'live'] as const)('decideLessonPayView (/lessonPay, %s) agrees on every combination', (kind) => {
    const rules = payViewRules(kind)
    const result = mismatches((input) => decideLessonPayView({ ...input, kind }), rules)
    expect(result.wrong).toEqual([])
    expect(result.wrongCount).toBe(0)
    // For a live, nothing after the app-only row can be reached: that is the rule.
    const reachable =
      kind === 'live'
        ? ['illegal first', 'live is app-only']
        : rules.map(([rule]) => rule).filter((rule) => rule !== 'live is app-only')
    expect([...result.rulesHit].sort()).toEqual(reachable.sort())
  })
})

describe('precedence, stated one rule at a time', () => {
  it('illegal comes before everything else, WeChat and live included', () => {
    const input = visitor({ info: { illegal: 1, privacyStatus: 1 }, env: { inWechatBrowser: true } })
    expect(decideLessonView(input)).toEqual({ view: 'illegal' })
    expect(decideLessonPayView({ ...input, kind: 'live' })).toEqual({ view: 'illegal' })
  })

  it("WeChat's in-app browser blocks even the author and a buyer", () => {
    const input = visitor({ info: { wmid: USER, isBought: 1, applyType: 1 }, env: { inWechatBrowser: true } })
    expect(decideLessonView(input)).toEqual({ view: 'openInBrowser', canApply: false, applied: false })
  })

  it('markId 2 removes the apply button even when applyType is 0', () => {
    const input = visitor({ info: { markId: 2, applyType: 0 }, env: { inWechatBrowser: true }, applied: true })
    expect(decideLessonView(input)).toEqual({ view: 'openInBrowser', canApply: false, applied: false })
  })

  it('a successful apply turns the button into the submitted state', () => {
    const before = visitor({ info: { applyType: 0 }, env: { inWechatBrowser: true } })
    expect(decideLessonView(before)).toEqual({ view: 'openInBrowser', canApply: true, applied: false })
    expect(decideLessonView({ ...before, applied: true })).toEqual({
      view: 'openInBrowser',
      canApply: true,
      applied: true,
    })
  })

  it('the author of a free-preview lesson reads it in full, never as a preview', () => {
    const input = visitor({ info: { wmid: USER, isCheckedFreeCount: 1, freeCount: 5 } })
    expect(decideLessonView(input)).toEqual({ view: 'list', mode: 'full' })
    expect(decideLessonPayView(input)).toEqual({ view: 'purchased' })
  })

  it('a buyer of a free-preview lesson reads it in full', () => {
    const input = visitor({ info: { isBought: 1, isCheckedFreeCount: 1, freeCount: 5 } })
    expect(decideLessonView(input)).toEqual({ view: 'list', mode: 'full' })
  })

  it('paying during the visit counts as bought before the info reloads', () => {
    expect(decideLessonView(visitor({ paidLocally: true }))).toEqual({ view: 'list', mode: 'full' })
    expect(decideLessonPayView(visitor({ paidLocally: true }))).toEqual({ view: 'purchased' })
  })

  it('the live owner counts as paid; an anonymous visitor does not match an owner id', () => {
    expect(decideLessonPayView(visitor({ liveOwnerId: USER }))).toEqual({ view: 'purchased' })
    expect(decideLessonPayView(visitor({ liveOwnerId: USER, session: {} }))).toMatchObject({ view: 'pay' })
  })

  it('a free preview shows the first messages with a pay entry; the pay page offers the preview button', () => {
    const input = visitor({ info: { isCheckedFreeCount: 1, freeCount: 5 }, session: { userId: USER } })
    expect(decideLessonView(input)).toEqual({
      view: 'list',
      mode: 'preview',
      freeCount: 5,
      pay: { priceFen: FEE, needsPhoneBinding: true },
    })
    expect(decideLessonPayView(input)).toEqual({
      view: 'pay',
      canPreview: true,
      priceFen: FEE,
      needsPhoneBinding: true,
    })
  })

  it('the password unlocks only the password lesson, not a paid one', () => {
    expect(decideLessonView(visitor({ info: { privacyStatus: 2 } }))).toEqual({ view: 'password' })
    expect(decideLessonView(visitor({ info: { privacyStatus: 2 }, passwordVerified: true }))).toEqual({
      view: 'list',
      mode: 'full',
    })
    expect(decideLessonView(visitor({ passwordVerified: true }))).toMatchObject({ view: 'pay' })
  })

  it('an open lesson on the pay page continues on /lesson; a live always shows the app-only notice', () => {
    expect(decideLessonPayView(visitor({ info: { privacyStatus: 1 } }))).toEqual({ view: 'lesson' })
    expect(
      decideLessonPayView({ ...visitor({ info: { isBought: 1 }, env: { inWechatBrowser: true } }), kind: 'live' }),
    ).toEqual({ view: 'liveAppOnly' })
  })
})

describe('hostile info', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', '{"privacyStatus":1}'],
    ['an array', [1, 2, 3]],
    ['a number', 3],
  ])('info that is %s is the "course does not exist" state', (_name, info) => {
    const input = { ...visitor(), info: hostile(info) }
    expect(decideLessonView(input)).toEqual({ view: 'notFound' })
    expect(decideLessonPayView({ ...input, kind: 'live' })).toEqual({ view: 'notFound' })
  })

  it('an empty object is unreadable outside WeChat and not appliable inside it', () => {
    expect(decideLessonView({ ...visitor(), info: hostile({}) })).toEqual({ view: 'notFound' })
    const inWechat = { ...visitor(), info: hostile({}), env: { inWechatBrowser: true } }
    expect(decideLessonView(inWechat)).toEqual({ view: 'openInBrowser', canApply: false, applied: false })
  })

  it.each([0, 4, -1, '', 'open', null, Number.NaN])('privacyStatus %p is unreadable', (privacyStatus) => {
    expect(decideLessonView(visitor({ info: hostile({ ...baseInfo, privacyStatus }) }))).toEqual({
      view: 'notFound',
    })
  })

  it('numeric strings count as the numbers they spell', () => {
    const asStrings = (fields: Record<string, unknown>) => ({ ...visitor(), info: hostile({ ...baseInfo, ...fields }) })
    expect(decideLessonView(asStrings({ illegal: '1' }))).toEqual({ view: 'illegal' })
    expect(decideLessonView(asStrings({ privacyStatus: '1' }))).toEqual({ view: 'list', mode: 'full' })
    expect(decideLessonView(asStrings({ isBought: '1' }))).toEqual({ view: 'list', mode: 'full' })
    expect(decideLessonView(asStrings({ isCheckedFreeCount: '1', freeCount: ' 4 ', fee: '990' }))).toEqual({
      view: 'list',
      mode: 'preview',
      freeCount: 4,
      pay: { priceFen: 990, needsPhoneBinding: false },
    })
  })

  it.each([-1, 0, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 'abc', '', null, undefined, {}])(
    'freeCount %p gives no free preview',
    (freeCount) => {
      const input = { ...visitor(), info: hostile({ ...baseInfo, isCheckedFreeCount: 1, freeCount }) }
      expect(decideLessonView(input)).toEqual({ view: 'pay', priceFen: FEE, needsPhoneBinding: false })
    },
  )

  it('a fractional freeCount is floored (it counts messages)', () => {
    expect(decideLessonView(visitor({ info: { isCheckedFreeCount: 1, freeCount: 2.7 } }))).toMatchObject({
      mode: 'preview',
      freeCount: 2,
    })
  })

  it.each([
    ['both empty', '', ''],
    ['both blank', '  ', '  '],
    ['both missing', undefined, undefined],
    ['wmid empty, visitor anonymous', '', undefined],
  ])('an author id and a user id that are %s do not make the visitor the author', (_name, wmid, userId) => {
    const input = { ...visitor(), info: hostile({ ...baseInfo, wmid }), session: { userId } }
    expect(decideLessonView(input)).toMatchObject({ view: 'pay' })
    expect(decideLessonView({ ...input, liveOwnerId: userId })).toMatchObject({ view: 'pay' })
  })

  it('a numeric author id matches the same user id sent as text', () => {
    const input = { ...visitor(), info: hostile({ ...baseInfo, wmid: 1001 }), session: { userId: '1001' } }
    expect(decideLessonView(input)).toEqual({ view: 'list', mode: 'full' })
  })

  it.each([-100, Number.NaN, 'free', null])('an unreadable fee %p shows a price of 0', (fee) => {
    const input = { ...visitor(), info: hostile({ ...baseInfo, fee }) }
    expect(decideLessonView(input)).toEqual({ view: 'pay', priceFen: 0, needsPhoneBinding: false })
  })

  it('a session without product-user status must bind a phone before paying', () => {
    expect(decideLessonView(visitor({ session: { userId: USER } }))).toMatchObject({ needsPhoneBinding: true })
    expect(decideLessonView(visitor({ session: {} }))).toMatchObject({ needsPhoneBinding: true })
  })

  it('never throws and always answers a known view, whatever the info', () => {
    const lessonViews = ['notFound', 'illegal', 'openInBrowser', 'password', 'list', 'pay']
    const payViews = ['notFound', 'illegal', 'liveAppOnly', 'openInBrowser', 'password', 'lesson', 'purchased', 'pay']
    const field = fc.oneof(fc.constantFrom(0, 1, 2, 3, '1', '3', '', -1, Number.NaN), fc.anything())
    const info = fc.oneof(
      fc.anything(),
      fc.record(
        {
          illegal: field,
          markId: field,
          applyType: field,
          privacyStatus: field,
          isBought: field,
          isCheckedFreeCount: field,
          freeCount: field,
          wmid: fc.oneof(fc.constantFrom('', USER), fc.anything()),
          fee: field,
          isCheckedShareRecash: field,
          shareRecash: field,
        },
        { requiredKeys: [] },
      ),
    )
    fc.assert(
      fc.property(info, fc.boolean(), fc.option(fc.string()), (raw, inWechatBrowser, userId) => {
        const input: LessonAccessInput = {
          info: hostile(raw),
          env: { inWechatBrowser },
          session: { userId: userId ?? undefined },
        }
        const access = decideLessonView(input)
        const payView = decideLessonPayView({ ...input, kind: 'lesson' })
        expect(lessonViews).toContain(access.view)
        expect(payViews).toContain(payView.view)
        if (access.view === 'pay') expect(Number.isInteger(access.priceFen) && access.priceFen >= 0).toBe(true)
      }),
    )
  })
})

describe('shareRewardFen', () => {
  it('is the reward only when the author switched it on and it is positive', () => {
    expect(shareRewardFen({ ...baseInfo, isCheckedShareRecash: 1, shareRecash: 150 })).toBe(150)
    expect(shareRewardFen({ ...baseInfo, isCheckedShareRecash: 0, shareRecash: 150 })).toBeUndefined()
    expect(shareRewardFen({ ...baseInfo, isCheckedShareRecash: 1, shareRecash: 0 })).toBeUndefined()
    expect(shareRewardFen(hostile({ isCheckedShareRecash: 1, shareRecash: -5 }))).toBeUndefined()
    expect(shareRewardFen(hostile(null))).toBeUndefined()
  })
})
