import Taro from '@tarojs/taro'
import type { ShareGateway, ShareStep } from './types'

/** The mini-program shares through the page's onShareAppMessage / onShareTimeline: only the menu is needed. */
export function createShareGateway(): ShareGateway {
  return {
    async setShareContent(_content, onStep?: (step: ShareStep) => void): Promise<void> {
      const shown = await Taro.showShareMenu({ withShareTicket: true, showShareItems: ['wechatFriends', 'wechatMoment'] }).then(
        () => true,
        () => false,
      )
      onStep?.({ name: 'menu', outcome: shown ? 'ok' : 'failed' })
    },
  }
}
