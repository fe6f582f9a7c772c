/** The transcript page's strings (misc subpackage, locales/packages/transcript.ts adds them when it loads). */
export default {
  'transcript.estimated': '句子时间按文字长度估算，可能与语音略有出入',
  'transcript.timed': '句子时间来自语音识别',
  'transcript.noLesson': '先打开一节课，再来看它的文稿',
  'transcript.empty': '这节课的语音还没有文字',
  'transcript.noText': '这条语音没有文字',
  'transcript.sentence': '从 {time} 播放：{text}',
  'transcript.current': '正在播放：{text}',
  'transcript.voice': '{name} 的语音，{seconds} 秒',
  'transcript.more': '加载更多语音',
} as const
