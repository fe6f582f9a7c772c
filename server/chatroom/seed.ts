import type { Queryable } from '../core/sql'
import { SEEDED_AT } from '../core/seedTime'
import { ChatroomQueries } from './data'

/** The demo live's chat room, owned by the teacher (wm_teacher); seeded after the users. */
export const DEMO_CHATROOM_ID = 'demo-live'

export async function seedChatrooms(tx: Queryable): Promise<void> {
  await new ChatroomQueries(tx).insertRoom(
    { id: DEMO_CHATROOM_ID, name: '林老师的直播间', creator: 'wm_teacher', creatorNick: '林老师', creatorAvatar: '/media/avatar-teacher.png' },
    SEEDED_AT,
  )
}
