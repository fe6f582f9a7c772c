import type { OutsideFetch } from '../fetch'
import { randomToken } from '../../core/wechat'
import { nimCheckSum } from './protocol'

/**
 * The NetEase IM server API calls the live room needs: register an account (`user/create`), give
 * an existing one a new token (`user/refreshToken`), and the addresses of a chat room for one
 * account (`chatroom/requestAddr`). Errors (NetEase's `code` other than 200, an HTTP error, an
 * answer that is not NetEase's) are NimError.
 */
export interface NimConfig {
  appKey: string
  appSecret: string
  /** https://api.netease.im/nimserver, or its stand-in's path */
  base: string
}

/** NetEase's 414 with this `desc` is create.action's answer for an account that exists. */
const ALREADY_REGISTERED = /already register/i

export class NimError extends Error {
  constructor(
    readonly code: number,
    desc: string,
  ) {
    super(`NetEase IM answered ${code}: ${desc}`)
  }
}

/** requestAddr's clienttype: 1 weblink (a web page), 2 commonlink (an app), 3 wechatlink (a mini-program). */
export type NimClientType = 1 | 2 | 3

export interface NimClient {
  /** A token for `accid`: registered now, or the existing account given a new token. */
  register(accid: string, name: string, icon: string): Promise<string>
  chatroomAddresses(roomId: string, accid: string, clientType: NimClientType): Promise<string[]>
}

export function createNimClient(config: NimConfig, send: OutsideFetch): NimClient {
  const call = async (path: string, form: Record<string, string>): Promise<Record<string, unknown>> => {
    const nonce = randomToken(16)
    const curTime = String(Math.floor(Date.now() / 1000))
    const response = await send(`${config.base}/${path}`, {
      method: 'POST',
      headers: {
        AppKey: config.appKey,
        Nonce: nonce,
        CurTime: curTime,
        CheckSum: nimCheckSum(config.appSecret, nonce, curTime),
        'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8',
      },
      body: new URLSearchParams(form).toString(),
      signal: AbortSignal.timeout(10_000),
    })
    if (!response.ok) throw new NimError(-1, `HTTP ${response.status}`)
    let answer: Record<string, unknown>
    try {
      answer = (await response.json()) as Record<string, unknown>
    } catch {
      throw new NimError(-1, 'the answer is not JSON')
    }
    if (answer.code !== 200) throw new NimError(typeof answer.code === 'number' ? answer.code : -1, typeof answer.desc === 'string' ? answer.desc : '')
    return answer
  }

  const tokenOf = (answer: Record<string, unknown>): string => {
    const info = answer.info as { token?: unknown } | undefined
    if (typeof info?.token !== 'string' || info.token === '') throw new NimError(-1, 'the answer has no token')
    return info.token
  }

  return {
    async register(accid, name, icon) {
      try {
        return tokenOf(await call('user/create.action', { accid, name, icon }))
      } catch (error) {
        if (!(error instanceof NimError && error.code === 414 && ALREADY_REGISTERED.test(error.message))) throw error
        return tokenOf(await call('user/refreshToken.action', { accid }))
      }
    },

    async chatroomAddresses(roomId, accid, clientType) {
      const answer = await call('chatroom/requestAddr.action', { roomid: roomId, accid, clienttype: String(clientType) })
      const addresses = Array.isArray(answer.addr) ? answer.addr.filter((a): a is string => typeof a === 'string' && a !== '') : []
      if (addresses.length === 0) throw new NimError(-1, 'the chat room has no address')
      return addresses
    },
  }
}
