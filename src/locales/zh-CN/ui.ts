/** The shared UI kit's default texts (src/ui); screens may pass their own. */
export default {
  'ui.dialog.ok': '确定',
  'ui.dialog.cancel': '取消',
  'ui.dialog.confirm': '确定',
  'ui.countdown.idle': '获取验证码',
  'ui.countdown.counting': '{seconds}s 后重发',
  'ui.list.loading': '加载中…',
  'ui.list.loadingMore': '正在加载更多…',
  'ui.list.end': '没有更多了',
  'ui.list.empty': '暂无内容',
  'ui.list.error': '加载失败',
  'ui.retry': '重试',
} as const
