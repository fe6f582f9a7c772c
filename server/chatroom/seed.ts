import type { Queryable } from '../core/sql'
import { SEEDED_AT } from '../core/seedTime'
import { ChatroomQueries } from './data'

/** The demo live's chat room, owned by the teacher (wm_teacher); seeded after the users. */
export const DEMO_CHATROOM_ID = 'demo-live'

/** The demo room's manager beside its owner: the teacher's assistant, an admin of the live too. */
export const DEMO_MANAGER = { account: 'wm_assistant', nick: '助教小雨', avatar: '/media/avatar-assistant.png' } as const

export async function seedChatrooms(tx: Queryable): Promise<void> {
  const rooms = new ChatroomQueries(tx)
  await rooms.insertRoom(
    { id: DEMO_CHATROOM_ID, name: '林老师的直播间', creator: 'wm_teacher', creatorNick: '林老师', creatorAvatar: '/media/avatar-teacher.png' },
    SEEDED_AT,
  )
  await rooms.enter(DEMO_CHATROOM_ID, DEMO_MANAGER.account, 'manager', DEMO_MANAGER.nick, DEMO_MANAGER.avatar, SEEDED_AT)
}
