/** Issue 34 item 1: the chat room's socket URL says the app's language, which the room answers in. */
import { withSocketLanguage } from '../../../src/im/local/address'

describe('withSocketLanguage', () => {
  it.each([
    ['ws://127.0.0.1:3000/im/chatroom', 'en', 'ws://127.0.0.1:3000/im/chatroom?lang=en'],
    ['wss://api.example.com/im/chatroom', 'zh-CN', 'wss://api.example.com/im/chatroom?lang=zh-CN'],
    ['wss://api.example.com/im/chatroom?node=2', 'en', 'wss://api.example.com/im/chatroom?node=2&lang=en'],
    ['wss://api.example.com/im/chatroom#x', 'en', 'wss://api.example.com/im/chatroom?lang=en#x'],
    ['ws://h/im/chatroom', 'a&b=c', 'ws://h/im/chatroom?lang=a%26b%3Dc'],
  ])('%s in %s is %s', (address, language, url) => {
    expect(withSocketLanguage(address, language)).toBe(url)
  })
})
