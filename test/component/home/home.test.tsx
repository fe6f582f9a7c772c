/**
 * The listener's home (issue 35 item 6) as a production build's first page: the real composition
 * over a faked request (the platform edge). The first page shows the home, not the demo launcher;
 * the lessons to continue come from the server's places, with their progress; the logged-out,
 * loading, empty and error states; the downloads and the account.
 */
import TestUtils from '@tarojs/test-utils-react'
import type { ResumeListItem } from '../../../types/resume'
import FirstPage from '../../../src/pages/launcher/index'
import { STORAGE_KEYS } from '../../../src/domain/storageKeys'
import { t } from '../../../src/locales'
import { memoryStorage } from '../../fixtures/storage'
import { WithStores, fakeTransport, testAppStores } from '../appStores'
import { mount, until } from '../act'

const item: ResumeListItem = {
  courseData: 'demo-all-types',
  msgId: 'demo-all-types-007',
  position: 754,
  at: 1,
  deviceId: 'phone-aaaaaaaa',
  device: 'miniProgram',
  courseName: '全类型演示课',
  coursePic: '',
  voiceIndex: 1,
  voiceCount: 4,
  voiceDuration: 0,
}

type Answer = { code: number; data: unknown } | 'offline'

function Host({ answers, loggedIn }: { answers: Answer[]; loggedIn: boolean }) {
  const storage = memoryStorage(loggedIn ? { [STORAGE_KEYS.session]: JSON.stringify({ token: 'token-buyer', userid: 'wm_buyer', encryptKey: '' }) } : {})
  const stores = testAppStores({
    storage,
    transport: fakeTransport(async ({ url }) => {
      if (!url.endsWith('/resume/list.do')) return { statusCode: 200, data: { code: 404, msg: 'none', data: null } }
      const answer = answers.shift() ?? { code: 200, data: { array: [] } }
      if (answer === 'offline') throw new Error('offline')
      return { statusCode: 200, data: { code: answer.code, msg: '', data: answer.data } }
    }),
  })
  return (
    <WithStores stores={stores}>
      <FirstPage />
    </WithStores>
  )
}

const text = (): string => document.body.textContent ?? ''

describe('the first page of a production build', () => {
  let utils: TestUtils
  beforeEach(() => {
    utils = new TestUtils()
  })
  afterEach(() => utils.unmout())

  it('is the listener\'s home, not the demo launcher', async () => {
    await mount(utils, Host, { answers: [], loggedIn: false })
    await until(() => expect(text()).toContain(t('home.continue.title')))
    expect(document.querySelector('.launcher')).toBeNull()
    expect(text()).toContain(t('home.downloads.title'))
    // H5 keeps no files, and says so
    expect(text()).toContain(t('home.downloads.unsupported'))
    expect(text()).toContain(t('home.account.loggedOut'))
  })

  it('asks a logged-out listener to log in, and asks the server nothing', async () => {
    const answers: Answer[] = [{ code: 200, data: { array: [item] } }]
    await mount(utils, Host, { answers, loggedIn: false })
    await until(() => expect(text()).toContain(t('home.continue.loggedOut')))
    expect(answers).toHaveLength(1)
  })

  it('lists the lessons to continue with their place, device and progress', async () => {
    await mount(utils, Host, { answers: [{ code: 200, data: { array: [item] } }], loggedIn: true })
    await until(() => expect(text()).toContain('全类型演示课'))
    expect(text()).toContain(t('home.continue.item', { index: 2, count: 4, time: '12:34', device: t('resume.device.miniProgram') }))
    const bar = document.querySelector('[role="progressbar"]')
    expect(bar?.getAttribute('aria-valuenow')).toBe('25')
    expect(document.querySelector('.home-item')?.getAttribute('role')).toBe('link')
  })

  it('says when there is nothing to continue', async () => {
    await mount(utils, Host, { answers: [{ code: 200, data: { array: [] } }], loggedIn: true })
    await until(() => expect(text()).toContain(t('home.continue.empty')))
  })

  it('shows a failure with a retry that asks again', async () => {
    await mount(utils, Host, { answers: ['offline', { code: 200, data: { array: [item] } }], loggedIn: true })
    await until(() => expect(text()).toContain(t('home.continue.error')))
    const retry = [...document.querySelectorAll('.state-view__action')].find((el) => el.textContent === t('home.continue.retry'))
    expect(retry).toBeDefined()
    utils.fireEvent.click(retry as Element)
    await until(() => expect(text()).toContain('全类型演示课'))
  })
})
