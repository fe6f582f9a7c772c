/**
 * Issue 34 section 2 item 7: a watermark-camera invite reaches its validation screen (spec 000 §2:
 * the bind dialog, then the validation screen), carrying the account it bound. The real store, api
 * module and transport run over a faked request; Taro's navigation (the platform edge) is faked.
 */
import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { createClient } from '../../../src/api/client'
import { createInviteApi } from '../../../src/api/invite'
import { parseInviteInfo } from '../../../src/domain/inviteInfo'
import { toPageUrl } from '../../../src/domain/routes'
import { WelcomeScreen, WelcomeStore, WmValidateScreen, type InviteDeps } from '../../../src/features/invite'
import { t } from '../../../src/locales'
import { inviteCalls } from '../../../types/invite'
import { mount, until } from '../act'
import { click, fakeBackend, ok, text, typeInto } from '../purchase/support'
import { recordToasts, type ToastRecorder } from '../toasts'

let utils: TestUtils
let toasts: ToastRecorder
let navigate: jest.SpyInstance
beforeEach(() => {
  utils = new TestUtils()
  toasts = recordToasts()
  navigate = jest.spyOn(Taro, 'navigateTo').mockImplementation(() => Promise.resolve({ errMsg: 'navigateTo:ok' }))
})
afterEach(() => {
  utils.unmout()
  toasts.stop()
  jest.restoreAllMocks()
})

const navigatedTo = () => navigate.mock.calls.map(([options]) => (options as { url: string }).url)

it.each(['friend', 'group'] as const)('the %s variant goes from the bind dialog\'s success screen to /wmValidate with the account bound', async (kind) => {
  const bound = () => ok({ object: { wsid: 'wssy10001', vipQuota: 1 } })
  const backend = fakeBackend({ [inviteCalls.watermarkFriendAdd.path]: bound, [inviteCalls.watermarkGroupAdd.path]: bound })
  const deps: InviteDeps = { api: createInviteApi(createClient(backend.deps).post), appLink: {} as InviteDeps['appLink'], toast: () => undefined }
  const info = parseInviteInfo(encodeURIComponent(encodeURIComponent(JSON.stringify({ usrname: '小王', data: 'invite-wm' }))))
  if (!info.ok) throw new Error('the link should read')
  const store = new WelcomeStore(deps, kind, true, info.value.data)
  await mount(utils, WelcomeScreen, { info: info.value, store })
  click(utils, '.welcome__add')
  await utils.queries.waitForQuerySelector('.bind-dialog')
  await typeInto(utils, '.bind-dialog__account', ' wssy10001 ')
  await typeInto(utils, '.bind-dialog__phone', '13912340000')
  await typeInto(utils, '.bind-dialog__code', '123456')
  click(utils, '.bind-dialog__confirm')
  await utils.queries.waitForQuerySelector('.bind-dialog--success')
  expect(navigatedTo()).toEqual([])
  click(utils, '.bind-dialog__done')
  await until(() => expect(navigatedTo()).toEqual([toPageUrl('WmValidate', { wsid: 'wssy10001' })]))
  expect(document.querySelector('.bind-dialog')).toBeNull()
})

it('the validation screen opens with that account, so verify now passes at once', async () => {
  await mount(utils, WmValidateScreen, { account: 'wssy10001' })
  click(utils, '.validate__submit')
  await until(() => expect(text('.ui-dialog__text')).toBe(t('invite.validate.passed')))
  expect(toasts.texts()).toEqual([])
})
