/** The speech test page and the other test pages (spec 000 §2, §7, §8; spec 001 §1, §2). */
export default {
  'speech.start': '开始识别',
  'speech.stop': '停止',
  'speech.hint': '点击开始后对着麦克风说普通话，停顿 5 秒或再次点击即结束',
  'speech.connecting': '正在连接…',
  'speech.listening': '正在听…',
  'speech.finishing': '正在识别最后一句…',
  'speech.result': '识别结果',
  'speech.empty': '还没有识别到文字',
  'speech.unsupported': '当前浏览器不支持录音或 WebSocket，无法使用语音识别',
  'speech.failed': '语音识别失败',
  'speech.closed': '连接已断开',
  'speech.microphone': '无法使用麦克风：{detail}',
  'speech.service': '识别服务出错（{code}）：{message}',
}
