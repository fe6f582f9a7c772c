/**
 * Issue 29, item 3: who a chat row says sent it. The role badge comes from the room's record of the
 * sender (`fromType`), and the name and picture the room recorded win over the ones the message's
 * text claims, so a look-alike cannot pass for the host.
 */
import { normaliseLiveMessage, type RawRoomMessage } from '../../../src/domain/chat/liveMessage'

const viewer = { account: 'me', deviceId: 'd' }
const claimingHost = JSON.stringify({ msgType: 'TEXT', text: 'hi', senderUserInfo: { nickname: '林老师', faceIcon: '/media/avatar-teacher.png', uid: 'wm_teacher', updateTime: 1 }, time: 1 })
const raw = (overrides: Partial<RawRoomMessage>): RawRoomMessage => ({ idClient: 'c1', from: 'anon_x', time: 5, type: 100, body: claimingHost, ...overrides })

describe('a chat message’s sender', () => {
  it('shows the name and picture the room recorded, not the ones the text claims', () => {
    const message = normaliseLiveMessage(raw({ fromNick: 'Fan', fromAvatar: '/media/avatar-visitor.png', fromType: 'anonymous' }), viewer)
    expect(message?.sender).toMatchObject({ nickname: 'Fan', faceIcon: '/media/avatar-visitor.png' })
    expect(message?.role).toBeUndefined()
  })

  it.each([
    ['owner', 'owner'],
    ['manager', 'manager'],
  ] as const)('carries the %s badge only when the room says so', (fromType, role) => {
    expect(normaliseLiveMessage(raw({ from: 'wm_teacher', fromNick: '林老师', fromType }), viewer)?.role).toBe(role)
  })

  it.each([undefined, 'common', 'guest', 'anonymous', 'OWNER', 1, { type: 'owner' }, ''])('gives no badge for fromType %p', (fromType) => {
    expect(normaliseLiveMessage(raw({ fromNick: 'x', fromType }), viewer)?.role).toBeUndefined()
  })

  it('falls back to the text’s name where the carrier records none', () => {
    expect(normaliseLiveMessage(raw({}), viewer)?.sender.nickname).toBe('林老师')
  })
})
