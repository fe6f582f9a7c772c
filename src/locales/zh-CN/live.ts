/** The live package's pages (spec 001 §2, §4, §5, §8). */
export default {
  'live.end.title': '直播已结束',
  'live.end.cover': '直播已结束封面',
  'live.end.detail': '感谢观看，精彩内容请下载 App 查看',
  'live.end.download': '下载 App，免费开直播',
  'subscribe.heading': '直播提醒',
  'subscribe.subtitle': '订阅主播后，开播时第一时间通知你',
  'subscribe.howTitle': '如何订阅',
  'subscribe.howBody': '在群直播分享出来的页面中点击订阅，关注公众号即可完成订阅。',
  'subscribe.listTitle': '已订阅的主播',
  'subscribe.switch': '订阅 {name} 的开播提醒',
  'subscribe.saving': '正在保存',
  'subscribe.empty': '还没有订阅任何主播',
  'subscribe.end': '没有更多了',
  'subscribe.failed': '订阅列表加载失败',
  'subscribe.noOpenid': '链接缺少公众号身份，请从公众号菜单重新打开',
} as const
