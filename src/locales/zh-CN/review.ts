/** The admin and complaint viewers (spec 000 §2 "Older lesson and admin viewers"). */
export default {
  'review.empty': '暂无数据',
  'review.loadError': '加载失败',
  'review.refused': '无权查看此课程',
  'review.refusedHint': '链接中的凭证无效、已过期或不属于这节课',
  'review.badLink': '链接无法打开',
  'review.noToken': '链接缺少查看凭证',
  'review.noLesson': '链接没有指明课程',
  'review.footer': '没有更多了',
}
