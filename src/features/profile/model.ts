import { createMoneyApi } from '../../api/money'
import type { AppStores } from '../../app/stores'
import { messageOf } from '../../domain/errorMessage'
import { ProfileStore } from './ProfileStore'

export { ProfileStore } from './ProfileStore'
export type { ProfileDeps } from './ProfileStore'

/**
 * /profile's store, built by its page on the app's shared pieces (spec 001 §2). Not a factory of the
 * main composition: the store and the money api load with the page (on H5 its chunk, in the
 * mini-program the misc package), not before the first lesson row (issue 36).
 */
export function createProfileStore(app: AppStores): ProfileStore {
  return new ProfileStore({
    money: createMoneyApi(app.post),
    login: app.loginApi,
    auth: app.auth,
    storage: app.storage,
    loginData: app.loginData,
    session: app.session,
    messageOf,
  })
}
