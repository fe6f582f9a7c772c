import fc from 'fast-check'
import { localChatroomAddress } from '../../../src/im'

describe('localChatroomAddress', () => {
  it('points at the same host and port with the socket scheme', () => {
    expect(localChatroomAddress('http://127.0.0.1:3000/')).toBe('ws://127.0.0.1:3000/im/chatroom')
    expect(localChatroomAddress('HTTPS://api.example.com/wmim?x=1')).toBe('wss://api.example.com/im/chatroom')
  })

  it('gives nothing for what is not an absolute http(s) URL', () => {
    for (const base of ['', '/relative', 'ftp://x', 'javascript:alert(1)', 'http://', '//host']) expect(localChatroomAddress(base)).toBeUndefined()
  })

  it('never throws and only ever answers a ws(s) URL', () => {
    fc.assert(fc.property(fc.string(), (s) => {
      const out = localChatroomAddress(s)
      return out === undefined || /^wss?:\/\/[^/?#\s]+\/im\/chatroom$/.test(out)
    }))
  })
})
