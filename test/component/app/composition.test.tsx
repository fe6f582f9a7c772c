import { View } from '@tarojs/components'
import { definePackageStores, useAppStores, type AppStores } from '../../../src/app/stores'
import { STORAGE_KEYS } from '../../../src/domain/storageKeys'
import { memoryStorage } from '../../fixtures/storage'
import { fakeTransport, testAppStores, WithStores } from '../appStores'
import { cleanup, render, text } from '../ui/harness'

afterEach(cleanup)

/** A transport edge whose every call answers `code` (the platform edge is the only fake here). */
function answering(code: number) {
  return testAppStores({
    storage: memoryStorage({
      [STORAGE_KEYS.session]: JSON.stringify({ token: 't', userid: 'wm_buyer', encryptKey: '' }),
      [STORAGE_KEYS.loginData]: JSON.stringify({ loginData: 'ld', isWeMaiUser: 1 }),
    }),
    transport: fakeTransport(async () => ({ statusCode: 200, data: { code, msg: 'expired', data: null } })),
  })
}

describe('the main composition', () => {
  it('an expired session (601) on any call clears the session and the login data together', async () => {
    const stores = answering(601)
    expect(stores.session.loggedIn).toBe(true)
    expect(stores.loginData.isProductUser).toBe(true)
    await expect(stores.lessonApi.apply('c1')).rejects.toMatchObject({ code: 601 })
    expect(stores.session.loggedIn).toBe(false)
    expect(stores.loginData.data).toBeUndefined()
    expect(stores.storage.get(STORAGE_KEYS.loginData)).toBeUndefined()
  })

  it('sends the session headers of the session store', async () => {
    const seen: Record<string, string>[] = []
    const stores = testAppStores({
      storage: memoryStorage({ [STORAGE_KEYS.session]: JSON.stringify({ token: 'tok', userid: 'wm_buyer', encryptKey: '' }) }),
      transport: fakeTransport(async ({ headers }) => {
        seen.push(headers)
        return { statusCode: 200, data: { code: 200, msg: '', data: null } }
      }),
    })
    await stores.lessonApi.apply('c1')
    expect(seen[0]).toMatchObject({ userid: 'wm_buyer', token: 'tok' })
  })

  it('gives each screen a fresh lesson store over one shared player', () => {
    const stores = testAppStores()
    const a = stores.createLessonStore()
    const b = stores.createLessonStore()
    expect(a).not.toBe(b)
    expect(stores.createPayFlow()).not.toBe(stores.createPayFlow())
    expect(stores.player).toBe(stores.player)
  })
})

describe('definePackageStores', () => {
  const usePackage = definePackageStores((app: AppStores) => ({ app, built: Symbol('package stores') }))

  function Probe({ seen }: { seen: unknown[] }) {
    const pkg = usePackage()
    seen.push(pkg)
    return <View className='probe'>{useAppStores() === pkg.app ? 'same app' : 'other app'}</View>
  }

  it('builds a package composition once per app, from the app it is given', async () => {
    const stores = testAppStores()
    const seen: unknown[] = []
    const first = await render(
      <WithStores stores={stores}>
        <Probe seen={seen} />
      </WithStores>,
    )
    await first.unmount()
    await render(
      <WithStores stores={stores}>
        <Probe seen={seen} />
      </WithStores>,
    )
    expect(text('.probe')).toBe('same app')
    expect(new Set(seen).size).toBe(1)
    const other = testAppStores()
    await render(
      <WithStores stores={other}>
        <Probe seen={seen} />
      </WithStores>,
    )
    expect(new Set(seen).size).toBe(2)
  })
})
