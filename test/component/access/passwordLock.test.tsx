import TestUtils from '@tarojs/test-utils-react'
import { LessonScreen } from '../../../src/features/lesson/LessonScreen'
import { t } from '../../../src/locales'
import { STORAGE_KEYS } from '../../../src/domain/storageKeys'
import { PASSWORD_TRIES_CODE } from '../../../types/lesson'
import { WithStores } from '../appStores'
import { click, fakeBackend, paidLessonInfo, ok, purchaseStores, refuse, text, typeInto, isDisabled } from '../purchase/support'
import { mount, settle } from '../act'

const PASSWORD = '8888'

/** A password lesson as the server enforces it: the list answers 403 without the right coursePass. */
function passwordBackend() {
  return fakeBackend({
    '/wmim/course/v2/query/info.do': () => ok({ object: paidLessonInfo({ privacyStatus: 2, courseName: 'Secret' }) }),
    '/wmim/course/v2/message/list.do': (body) =>
      body.coursePass === PASSWORD
        ? ok({ array: [{ id: 1, msgId: 'm1', msgType: 1000, sendTime: 0, obj: JSON.stringify({ content: 'inside the lesson' }) }] })
        : refuse(403, 'wrong password'),
  })
}

describe('password lock', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('says a wrong password is wrong, then opens the lesson with the right one', async () => {
    const backend = passwordBackend()
    const { app, lessonStore, storage } = purchaseStores(backend)
    await mount(utils, WithStores, { stores: app, children: <LessonScreen link={{ kind: 'v2', courseData: 'demo-password' }} store={lessonStore} /> })
    await utils.queries.waitForQuerySelector('.password-lock')
    expect(text('.password-lock__text')).toBe(t('access.password.text'))

    click(utils, '.password-lock__unlock')
    expect(text('.password-lock__error')).toBe(t('access.password.empty'))
    expect(backend.calls.filter((c) => c.path.includes('message/list'))).toHaveLength(0)

    await typeInto(utils, '.password-lock__input', '1234')
    click(utils, '.password-lock__unlock')
    await settle(20)
    expect(text('.password-lock__error')).toBe(t('access.password.wrong'))
    expect(document.querySelector('.lesson__list')).toBeNull()

    await typeInto(utils, '.password-lock__input', PASSWORD)
    click(utils, '.password-lock__unlock')
    await utils.queries.waitForQuerySelector('.lesson__list')
    expect(document.querySelector('.password-lock')).toBeNull()
    expect(text('.lesson__list')).toContain('inside the lesson')
    expect(storage.map.get(STORAGE_KEYS.lessonPassword)).toBe(PASSWORD)
    // the check is a one-item list request carrying the password (spec 000 §5)
    const check = backend.calls.find((c) => c.body.coursePass === PASSWORD)
    expect(check?.body).toMatchObject({ page: '1', pageSize: '1', courseData: 'demo-password' })
  })
})

describe('password lock over the server\'s password limit', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  /** The server after too many wrong passwords: it answers PASSWORD_TRIES_CODE whatever is typed. */
  function limitedBackend(data: unknown) {
    return fakeBackend({
      '/wmim/course/v2/query/info.do': () => ok({ object: paidLessonInfo({ privacyStatus: 2, courseName: 'Secret' }) }),
      '/wmim/course/v2/message/list.do': () => ({ code: PASSWORD_TRIES_CODE, msg: 'too many wrong passwords', data }),
    })
  }

  async function unlockWith(backend: ReturnType<typeof limitedBackend>, password: string) {
    const { app, lessonStore, storage } = purchaseStores(backend)
    await mount(utils, WithStores, { stores: app, children: <LessonScreen link={{ kind: 'v2', courseData: 'demo-password' }} store={lessonStore} /> })
    await utils.queries.waitForQuerySelector('.password-lock')
    await typeInto(utils, '.password-lock__input', password)
    click(utils, '.password-lock__unlock')
    await settle(20)
    return storage
  }

  it('shows how many minutes to wait on the lock, not as a passing toast, and keeps the lesson locked', async () => {
    const backend = limitedBackend({ waitMinutes: 12 })
    const storage = await unlockWith(backend, PASSWORD)
    expect(text('.password-lock__error')).toBe(t('access.password.tooManyTries', { minutes: 12 }))
    expect(text('.password-lock__error')).toContain('12')
    expect(backend.toasts).toEqual([])
    expect(document.querySelector('.lesson__list')).toBeNull()
    expect(storage.map.get(STORAGE_KEYS.lessonPassword)).toBeUndefined()
    // another try while the wait lasts is answered the same
    await typeInto(utils, '.password-lock__input', '1111')
    click(utils, '.password-lock__unlock')
    await settle(20)
    expect(text('.password-lock__error')).toBe(t('access.password.tooManyTries', { minutes: 12 }))
  })

  it('says to try later when the server gives no usable wait', async () => {
    await unlockWith(limitedBackend({ waitMinutes: 'soon' }), '1234')
    expect(text('.password-lock__error')).toBe(t('access.password.tooManyTriesLater'))
  })
})

describe('open-in-browser screen', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('applies once and turns into the disabled submitted state', async () => {
    const backend = fakeBackend({
      '/wmim/course/v2/query/info.do': () => ok({ object: paidLessonInfo({ privacyStatus: 1, applyType: 0 }) }),
      '/wmim/course/apply.do': () => ok(null),
    })
    const { app, lessonStore } = purchaseStores(backend, { wechat: true })
    await mount(utils, WithStores, { stores: app, children: <LessonScreen link={{ kind: 'v2', courseData: 'demo-open' }} store={lessonStore} /> })
    await utils.queries.waitForQuerySelector('.open-in-browser__apply')
    expect(text('.open-in-browser__apply')).toBe(t('access.openInBrowser.apply'))
    click(utils, '.open-in-browser__apply')
    await settle(20)
    expect(text('.open-in-browser__apply')).toBe(t('access.openInBrowser.applied'))
    expect(isDisabled('.open-in-browser__apply')).toBe(true)
    expect(backend.calls.map((c) => c.path)).toEqual(['/wmim/course/v2/query/info.do', '/wmim/course/apply.do'])
  })

  it('has no apply button when the lesson is under review (applyType 1)', async () => {
    const backend = fakeBackend({ '/wmim/course/v2/query/info.do': () => ok({ object: paidLessonInfo({ applyType: 1 }) }) })
    const { app, lessonStore } = purchaseStores(backend, { wechat: true })
    await mount(utils, WithStores, { stores: app, children: <LessonScreen link={{ kind: 'v2', courseData: 'x' }} store={lessonStore} /> })
    await utils.queries.waitForQuerySelector('.open-in-browser')
    expect(document.querySelector('.open-in-browser__apply')).toBeNull()
  })
})
