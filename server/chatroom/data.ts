import type { Db } from '../core/db'
import type { WireChatroom, WireMember, WireMemberType, WireMessage } from '../../types/chatroom'
import type { MemberState } from './rules'

interface RoomRow {
  id: string
  name: string
  announcement: string
  creator: string
  mute: number
  create_time: number
  update_time: number
}

interface MemberRow {
  chatroom_id: string
  account: string
  type: WireMemberType
  level: number
  nick: string
  avatar: string
  blacked: number
  gaged: number
  temp_mute_until: number
  enter_time: number
  update_time: number
}

interface MessageRow {
  id_server: number
  chatroom_id: string
  id_client: string
  from_account: string
  from_nick: string
  from_avatar: string
  type: number
  body: string
  time: number
}

export interface NewRoom {
  id: string
  name: string
  creator: string
  creatorNick: string
  creatorAvatar?: string
  announcement?: string
}

export interface MemberRecord extends MemberState {
  account: string
  nick: string
  avatar: string
  level: number
  enterTime: number
  updateTime: number
}

const toState = (row: MemberRow): MemberRecord => ({
  account: row.account,
  type: row.type,
  blacked: row.blacked === 1,
  gaged: row.gaged === 1,
  tempMuteUntil: row.temp_mute_until,
  nick: row.nick,
  avatar: row.avatar,
  level: row.level,
  enterTime: row.enter_time,
  updateTime: row.update_time,
})

const toWireMessage = (row: MessageRow): WireMessage => ({
  chatroomId: row.chatroom_id,
  idClient: row.id_client,
  idServer: row.id_server,
  from: row.from_account,
  fromNick: row.from_nick,
  fromAvatar: row.from_avatar,
  type: row.type,
  body: row.body,
  time: row.time,
})

/** Prepared statements of the chat room area. */
export function chatroomData(db: Db) {
  const room = db.prepare<[string], RoomRow>('SELECT * FROM chatrooms WHERE id = ?')
  const member = db.prepare<[string, string], MemberRow>('SELECT * FROM chatroom_members WHERE chatroom_id = ? AND account = ?')
  const insertRoom = db.prepare('INSERT INTO chatrooms (id, name, announcement, creator, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)')
  const upsertMember = db.prepare(`
    INSERT INTO chatroom_members (chatroom_id, account, type, nick, avatar, enter_time, update_time)
    VALUES (@chatroomId, @account, @type, @nick, @avatar, @now, @now)
    ON CONFLICT (chatroom_id, account) DO UPDATE SET nick = @nick, avatar = @avatar, enter_time = @now`)
  const setType = db.prepare('UPDATE chatroom_members SET type = ?, update_time = ? WHERE chatroom_id = ? AND account = ?')
  const setBlacked = db.prepare('UPDATE chatroom_members SET blacked = ?, update_time = ? WHERE chatroom_id = ? AND account = ?')
  const setGaged = db.prepare('UPDATE chatroom_members SET gaged = ?, update_time = ? WHERE chatroom_id = ? AND account = ?')
  const setTempMute = db.prepare('UPDATE chatroom_members SET temp_mute_until = ?, update_time = ? WHERE chatroom_id = ? AND account = ?')
  const setRoomMute = db.prepare('UPDATE chatrooms SET mute = ?, update_time = ? WHERE id = ?')
  const insertMessage = db.prepare(`
    INSERT OR IGNORE INTO chatroom_messages (chatroom_id, id_client, from_account, from_nick, from_avatar, type, body, time)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
  const messageByClientId = db.prepare<[string, string, string], MessageRow>(
    'SELECT * FROM chatroom_messages WHERE chatroom_id = ? AND from_account = ? AND id_client = ?',
  )
  const older = db.prepare<[string, number, number], MessageRow>(
    'SELECT * FROM chatroom_messages WHERE chatroom_id = ? AND time < ? ORDER BY time DESC, id_server DESC LIMIT ?',
  )
  const newer = db.prepare<[string, number, number], MessageRow>(
    'SELECT * FROM chatroom_messages WHERE chatroom_id = ? AND time > ? ORDER BY time ASC, id_server ASC LIMIT ?',
  )
  const fixedMembers = db.prepare<[string, number, number], MemberRow>(`
    SELECT * FROM chatroom_members WHERE chatroom_id = ? AND type IN ('owner', 'manager', 'common', 'restricted')
      AND update_time < ? ORDER BY update_time DESC LIMIT ?`)
  const transientMembers = db.prepare<[string, number], MemberRow>(`
    SELECT * FROM chatroom_members WHERE chatroom_id = ? AND type IN ('guest', 'anonymous') AND enter_time < ?
      ORDER BY enter_time DESC`)
  const newestTime = db.prepare<[string], { time: number | null }>('SELECT max(time) AS time FROM chatroom_messages WHERE chatroom_id = ?')
  const userProfile = db.prepare<[string], { nickname: string; face_icon: string }>('SELECT nickname, face_icon FROM users WHERE wmid = ?')
  const liveSession = db.prepare<[string, string, number], { wmid: string }>(
    'SELECT wmid FROM sessions WHERE token = ? AND wmid = ? AND (expires_at IS NULL OR expires_at > ?)',
  )

  return {
    /**
     * Runs `fn` as one IMMEDIATE transaction: a check and the write it allows (a message's unique
     * time, a mute, a mark) see no other worker's write between them.
     */
    atomically: <T>(fn: () => T): T => db.transaction(fn).immediate(),
    room: (id: string): RoomRow | undefined => room.get(id),
    createRoom(input: NewRoom, now: number): void {
      db.transaction(() => {
        insertRoom.run(input.id, input.name, input.announcement ?? '', input.creator, now, now)
        upsertMember.run({ chatroomId: input.id, account: input.creator, type: 'owner', nick: input.creatorNick, avatar: input.creatorAvatar ?? '', now })
      })()
    },
    setRoomMute: (id: string, mute: boolean, now: number) => setRoomMute.run(mute ? 1 : 0, now, id),
    member: (chatroomId: string, account: string): MemberRecord | undefined => {
      const row = member.get(chatroomId, account)
      return row === undefined ? undefined : toState(row)
    },
    /** Enters (or re-enters) a member: a fixed member keeps its type, a new one gets `type`. */
    enter(chatroomId: string, account: string, type: WireMemberType, nick: string, avatar: string, now: number): MemberRecord {
      upsertMember.run({ chatroomId, account, type, nick, avatar, now })
      return toState(member.get(chatroomId, account) as MemberRow)
    },
    setType: (chatroomId: string, account: string, type: WireMemberType, now: number) => setType.run(type, now, chatroomId, account),
    setBlacked: (chatroomId: string, account: string, on: boolean, now: number) => setBlacked.run(on ? 1 : 0, now, chatroomId, account),
    setGaged: (chatroomId: string, account: string, on: boolean, now: number) => setGaged.run(on ? 1 : 0, now, chatroomId, account),
    setTempMute: (chatroomId: string, account: string, until: number, now: number) => setTempMute.run(until, now, chatroomId, account),
    /** Stores a message once per (room, sender, client id): `created` false for a resend. */
    saveMessage(m: Omit<WireMessage, 'idServer'>): { message: WireMessage; created: boolean } {
      const result = insertMessage.run(m.chatroomId, m.idClient, m.from, m.fromNick, m.fromAvatar, m.type, m.body, m.time)
      const row = messageByClientId.get(m.chatroomId, m.from, m.idClient) as MessageRow
      return { message: toWireMessage(row), created: result.changes === 1 }
    },
    /**
     * Message times are unique within a room (at least 1 ms apart), so history pages by time lose
     * none. Read it and save the message inside one `atomically`.
     */
    nextMessageTime: (chatroomId: string, now: number): number => Math.max(now, (newestTime.get(chatroomId)?.time ?? 0) + 1),
    history(chatroomId: string, timetag: number, limit: number, reverse: boolean): WireMessage[] {
      const rows = reverse ? newer.all(chatroomId, timetag, limit) : older.all(chatroomId, timetag === 0 ? Number.MAX_SAFE_INTEGER : timetag, limit)
      return rows.map(toWireMessage)
    },
    fixedMembers: (chatroomId: string, before: number, limit: number): MemberRecord[] => fixedMembers.all(chatroomId, before, limit).map(toState),
    transientMembers: (chatroomId: string, before: number): MemberRecord[] => transientMembers.all(chatroomId, before).map(toState),
    profile: (wmid: string) => userProfile.get(wmid),
    sessionValid: (account: string, token: string, now: number): boolean => liveSession.get(token, account, now) !== undefined,
  }
}

/** The member as the wire shows it (spec 001 §3): enterTime only when online, level only for common members. */
export function wireMember(chatroomId: string, m: MemberRecord, online: boolean, now: number): WireMember {
  const tempMuted = m.tempMuteUntil > now
  const out: WireMember = {
    chatroomId,
    account: m.account,
    type: m.type,
    nick: m.nick,
    avatar: m.avatar,
    online,
    blacked: m.blacked,
    gaged: m.gaged,
    tempMuted,
    tempMuteDuration: tempMuted ? Math.ceil((m.tempMuteUntil - now) / 1000) : 0,
    updateTime: m.updateTime,
  }
  if (online) out.enterTime = m.enterTime
  if (m.type === 'common') out.level = m.level
  if (m.type !== 'guest') out.valid = true
  return out
}

export function wireRoom(row: RoomRow, onlineMemberNum: number): WireChatroom {
  return {
    id: row.id,
    name: row.name,
    announcement: row.announcement,
    creator: row.creator,
    mute: row.mute === 1,
    onlineMemberNum,
    createTime: row.create_time,
    updateTime: row.update_time,
  }
}
