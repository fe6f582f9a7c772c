export default {
  'lesson.createdAt': '创建于 {date}',
  'lesson.footer': '— 内容由 微脉 App 导出 —',
  'lesson.loadingMore': '正在加载更多…',
  'lesson.notExist': '课程不存在',
  'lesson.notExistHint': '链接可能已失效，或课程已被作者删除',
  'lesson.badLink': '课程链接不完整，无法打开',
  'lesson.loadError': '课程加载失败',
  'lesson.mustPay': '这节课购买后才能查看',
  'lesson.empty': '这节课还没有内容',
  'lesson.period.morning': '上午',
  'lesson.period.afternoon': '下午',
  'lesson.unsupportedYet': '[暂不支持查看此类消息]',
} as const
