import type { Database } from 'better-sqlite3'
import { SEEDED_AT } from '../core/seedTime'
import { chatroomData } from './data'

/** The demo live's chat room, owned by the teacher (wm_teacher); seeded after the users. */
export const DEMO_CHATROOM_ID = 'demo-live'

export function seedChatrooms(db: Database): void {
  chatroomData(db).createRoom(
    { id: DEMO_CHATROOM_ID, name: '林老师的直播间', creator: 'wm_teacher', creatorNick: '林老师', creatorAvatar: '/media/avatar-teacher.png' },
    SEEDED_AT,
  )
}
