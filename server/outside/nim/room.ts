import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../core/sql'
import type { OutsideFetch } from '../fetch'
import { NimAccounts } from './accounts'
import { createNimClient, type NimClient, type NimClientType, type NimConfig } from './client'

/** What a live room's viewer needs to enter a NetEase IM chat room (types/live.ts LiveWatchData's part). */
export interface NimEntry {
  appKey: string
  account: string
  imToken: string
  chatroomAddresses: string[]
}

/** A guest enters anonymously; requestAddr still names an account, which this one is. */
const GUEST_ACCID = 'anonymous'

/** WeChat sends every mini-program request with this Referer (https://servicewechat.com/{appid}/…). */
const MINI_PROGRAM_REFERER = /^https:\/\/servicewechat\.com\//

/** The link NetEase gives: wechatlink (3) for the mini-program, weblink (1) for a web page. */
export function nimClientType(referer: string | undefined): NimClientType {
  return MINI_PROGRAM_REFERER.test(referer ?? '') ? 3 : 1
}

/**
 * The live room's chat on NetEase IM (NIM_APP_KEY and NIM_APP_SECRET set): the viewer's account
 * and token (registered or refreshed once, accounts.ts) and the room's addresses for the viewer's client (a web page or the mini-program).
 * When NetEase cannot be reached the entry keeps the app key with no address, so the client's
 * NetEase adapter says the chat is unavailable while the stream plays; it never falls back to
 * the local room, which would split the audience in two.
 */
export interface NimRoom {
  entry(chatroomId: string, user: { wmid: string; nickname: string; faceIcon: string } | undefined, clientType: NimClientType, now: number): Promise<NimEntry>
  /** NetEase's server API, for the host's tools (server/live/nimModeration.ts) */
  readonly api: NimClient
}

export function createNimRoom(config: NimConfig, db: Db, send: OutsideFetch, log: FastifyBaseLogger): NimRoom {
  const client = createNimClient(config, send)
  const accounts = new NimAccounts(db, client)
  return {
    api: client,
    async entry(chatroomId, user, clientType, now) {
      const account = user?.wmid ?? ''
      try {
        const imToken = user ? await accounts.token(user, now) : ''
        const chatroomAddresses = await client.chatroomAddresses(chatroomId, account || GUEST_ACCID, clientType)
        return { appKey: config.appKey, account, imToken, chatroomAddresses }
      } catch (error) {
        log.error({ err: error, chatroomId }, 'NetEase IM did not give the chat room entry')
        return { appKey: config.appKey, account, imToken: '', chatroomAddresses: [] }
      }
    },
  }
}
