import Taro from '@tarojs/taro'
import type { ShareGateway } from './types'

/** The mini-program shares through the page's onShareAppMessage / onShareTimeline: only the menu is needed. */
export function createShareGateway(): ShareGateway {
  return {
    async setShareContent(): Promise<void> {
      await Taro.showShareMenu({ withShareTicket: true, showShareItems: ['wechatFriends', 'wechatMoment'] }).catch(() => undefined)
    },
  }
}
