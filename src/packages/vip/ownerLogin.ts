import { useState } from 'react'
import { useAppStores } from '../../app/stores'
import { presentParam } from '../../domain/routeParams'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import { readLoginData } from '../../stores/loginData'
import { campaignLink } from './linkParam'

/**
 * The campaign link of a VIP page that may need its owner's login (issue 29 item 6). The H5 login
 * comes back to the page as `?type=login&data=<LoginData JSON>`, the login's `data` in place of the
 * link's, so the link is kept in storage while it shows and read back on that return, where the
 * login data is stored (a session for the calls). Undefined when there is no link.
 */
export function useCampaignLink(params: Partial<Record<string, string>>): string | undefined {
  const app = useAppStores()
  const [data] = useState((): string | undefined => {
    if (params.type === 'login') {
      const loginData = readLoginData(presentParam(params.data))
      if (loginData) app.loginData.save(loginData)
      return campaignLink(app.storage.get(STORAGE_KEYS.vipCampaignLink))
    }
    const link = campaignLink(params.data)
    if (link) app.storage.set(STORAGE_KEYS.vipCampaignLink, link)
    return link
  })
  return data
}

/**
 * The login a VIP page offers when the server wants the link owner's session: the mini-program
 * logs in at once and `then` reloads the page's store; H5 leaves for the login and comes back here.
 */
export function useOwnerLogin(then: () => void): () => void {
  const app = useAppStores()
  return () =>
    void app.auth.login({ type: 1 }).then((outcome) => {
      if (outcome.kind !== 'loggedIn') return
      app.loginData.save(outcome.data)
      then()
    })
}
