import type { Db, Queryable } from '../core/sql'
import type { ChatroomChanges, WireChatroom, WireMember, WireMemberType, WireMessage } from '../../types/chatroom'
import type { MemberState } from './rules'

interface RoomRow {
  id: string
  name: string
  announcement: string
  broadcast_url: string
  custom: string
  queuelevel: number
  closed: number
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
  custom: string
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
  from_type: WireMemberType
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
  custom: string
  level: number
  enterTime: number
  updateTime: number
}

/** The bans on a client: what any account that entered the room from it has (issue 29, item 3). */
export interface ClientBans {
  blacked: boolean
  gaged: boolean
  /** epoch ms; 0 when none */
  tempMuteUntil: number
}

const toState = (row: MemberRow): MemberRecord => ({
  account: row.account,
  type: row.type,
  blacked: row.blacked === 1,
  gaged: row.gaged === 1,
  tempMuteUntil: row.temp_mute_until,
  nick: row.nick,
  avatar: row.avatar,
  custom: row.custom,
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
  fromType: row.from_type,
  type: row.type,
  body: row.body,
  time: row.time,
})

const UPSERT_MEMBER = `
  INSERT INTO chatroom_members (chatroom_id, account, type, nick, avatar, enter_time, update_time)
  VALUES (?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (chatroom_id, account) DO UPDATE SET nick = excluded.nick, avatar = excluded.avatar, enter_time = excluded.enter_time`

/**
 * The chat room's reads and writes on `q`: the database, or one transaction of it (what
 * `ChatroomRepository.atomically` hands its work, and what the seeds write with).
 */
export class ChatroomQueries {
  constructor(protected readonly q: Queryable) {}

  room(id: string): Promise<RoomRow | undefined> {
    return this.q.one<RoomRow>('SELECT * FROM chatrooms WHERE id = ?', [id])
  }

  /** The room and its owner as its first member: two writes, for one transaction (createRoom's, or the seed's). */
  async insertRoom(input: NewRoom, now: number): Promise<void> {
    await this.q.run('INSERT INTO chatrooms (id, name, announcement, creator, create_time, update_time) VALUES (?, ?, ?, ?, ?, ?)', [
      input.id,
      input.name,
      input.announcement ?? '',
      input.creator,
      now,
      now,
    ])
    await this.q.run(UPSERT_MEMBER, [input.id, input.creator, 'owner', input.creatorNick, input.creatorAvatar ?? '', now, now])
  }

  async setRoomMute(id: string, mute: boolean, now: number): Promise<void> {
    await this.q.run('UPDATE chatrooms SET mute = ?, update_time = ? WHERE id = ?', [mute ? 1 : 0, now, id])
  }

  /** Applies `changes` (the fields given; the rest stay) and answers the room as it now is. */
  async updateRoom(id: string, changes: ChatroomChanges, now: number): Promise<RoomRow | undefined> {
    const columns: Array<[string, string | number]> = []
    if (changes.name !== undefined) columns.push(['name', changes.name])
    if (changes.announcement !== undefined) columns.push(['announcement', changes.announcement])
    if (changes.broadcastUrl !== undefined) columns.push(['broadcast_url', changes.broadcastUrl])
    if (changes.custom !== undefined) columns.push(['custom', changes.custom])
    if (changes.queuelevel !== undefined) columns.push(['queuelevel', changes.queuelevel])
    if (changes.mute !== undefined) columns.push(['mute', changes.mute ? 1 : 0])
    const sets = [...columns.map(([column]) => `${column} = ?`), 'update_time = ?'].join(', ')
    await this.q.run(`UPDATE chatrooms SET ${sets} WHERE id = ?`, [...columns.map(([, value]) => value), now, id])
    return this.room(id)
  }

  /** Closes the room for good: nobody enters it again. */
  async closeRoom(id: string, now: number): Promise<void> {
    await this.q.run('UPDATE chatrooms SET closed = 1, update_time = ? WHERE id = ?', [now, id])
  }

  /** The owner's and managers' names and pictures: what a guest may not take. */
  async moderators(chatroomId: string): Promise<Array<{ nick: string; avatar: string }>> {
    return this.q.all<{ nick: string; avatar: string }>("SELECT nick, avatar FROM chatroom_members WHERE chatroom_id = ? AND type IN ('owner', 'manager')", [chatroomId])
  }

  /** Remembers a client key the room issued, by its hash. */
  async issueClient(keyHash: string, now: number): Promise<void> {
    await this.q.run('INSERT INTO chatroom_clients (key_hash, create_time) VALUES (?, ?)', [keyHash, now])
  }

  async knowsClient(keyHash: string): Promise<boolean> {
    return (await this.q.one<{ found: number }>('SELECT 1 AS found FROM chatroom_clients WHERE key_hash = ?', [keyHash])) !== undefined
  }

  /** Notes that `account` entered the room from the client of `keyHash`. */
  async bindClient(chatroomId: string, keyHash: string, account: string): Promise<void> {
    await this.q.run('INSERT INTO chatroom_member_clients (chatroom_id, client_hash, account) VALUES (?, ?, ?) ON CONFLICT DO NOTHING', [chatroomId, keyHash, account])
  }

  /** The bans of every account that entered the room from the client of `keyHash`. */
  async clientBans(chatroomId: string, keyHash: string): Promise<ClientBans> {
    const row = await this.q.one<{ blacked: number | null; gaged: number | null; until: number | null }>(
      `SELECT max(m.blacked) AS blacked, max(CASE WHEN m.gaged = 1 OR m.type = 'restricted' THEN 1 ELSE 0 END) AS gaged, max(m.temp_mute_until) AS until
         FROM chatroom_member_clients c JOIN chatroom_members m ON m.chatroom_id = c.chatroom_id AND m.account = c.account
        WHERE c.chatroom_id = ? AND c.client_hash = ?`,
      [chatroomId, keyHash],
    )
    return { blacked: row?.blacked === 1, gaged: row?.gaged === 1, tempMuteUntil: row?.until ?? 0 }
  }

  /** `account` and every account that entered the room from a client `account` entered from. */
  async clientMates(chatroomId: string, account: string): Promise<string[]> {
    const rows = await this.q.all<{ account: string }>(
      `SELECT DISTINCT o.account FROM chatroom_member_clients c
         JOIN chatroom_member_clients o ON o.chatroom_id = c.chatroom_id AND o.client_hash = c.client_hash
        WHERE c.chatroom_id = ? AND c.account = ?`,
      [chatroomId, account],
    )
    return [...new Set([account, ...rows.map((r) => r.account)])]
  }

  async setCustom(chatroomId: string, account: string, custom: string, now: number): Promise<void> {
    await this.q.run('UPDATE chatroom_members SET custom = ?, update_time = ? WHERE chatroom_id = ? AND account = ?', [custom, now, chatroomId, account])
  }

  async member(chatroomId: string, account: string): Promise<MemberRecord | undefined> {
    const row = await this.q.one<MemberRow>('SELECT * FROM chatroom_members WHERE chatroom_id = ? AND account = ?', [chatroomId, account])
    return row === undefined ? undefined : toState(row)
  }

  /** Enters (or re-enters) a member: a fixed member keeps its type, a new one gets `type`. */
  async enter(chatroomId: string, account: string, type: WireMemberType, nick: string, avatar: string, now: number): Promise<MemberRecord> {
    await this.q.run(UPSERT_MEMBER, [chatroomId, account, type, nick, avatar, now, now])
    return (await this.member(chatroomId, account)) as MemberRecord
  }

  async setType(chatroomId: string, account: string, type: WireMemberType, now: number): Promise<void> {
    await this.q.run('UPDATE chatroom_members SET type = ?, update_time = ? WHERE chatroom_id = ? AND account = ?', [type, now, chatroomId, account])
  }

  async setBlacked(chatroomId: string, account: string, on: boolean, now: number): Promise<void> {
    await this.q.run('UPDATE chatroom_members SET blacked = ?, update_time = ? WHERE chatroom_id = ? AND account = ?', [on ? 1 : 0, now, chatroomId, account])
  }

  async setGaged(chatroomId: string, account: string, on: boolean, now: number): Promise<void> {
    await this.q.run('UPDATE chatroom_members SET gaged = ?, update_time = ? WHERE chatroom_id = ? AND account = ?', [on ? 1 : 0, now, chatroomId, account])
  }

  async setTempMute(chatroomId: string, account: string, until: number, now: number): Promise<void> {
    await this.q.run('UPDATE chatroom_members SET temp_mute_until = ?, update_time = ? WHERE chatroom_id = ? AND account = ?', [
      until,
      now,
      chatroomId,
      account,
    ])
  }

  /**
   * Stores a message once per (room, sender, client id): `created` false for a resend. The sender's
   * type is the one given, or the sender's member record's (the seeds' messages).
   */
  async saveMessage(m: Omit<WireMessage, 'idServer' | 'fromType'> & { fromType?: WireMemberType }): Promise<{ message: WireMessage; created: boolean }> {
    const fromType = m.fromType ?? (await this.member(m.chatroomId, m.from))?.type ?? 'common'
    const changes = await this.q.run(
      `INSERT INTO chatroom_messages (chatroom_id, id_client, from_account, from_nick, from_avatar, from_type, type, body, time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (chatroom_id, from_account, id_client) DO NOTHING`,
      [m.chatroomId, m.idClient, m.from, m.fromNick, m.fromAvatar, fromType, m.type, m.body, m.time],
    )
    const row = (await this.q.one<MessageRow>('SELECT * FROM chatroom_messages WHERE chatroom_id = ? AND from_account = ? AND id_client = ?', [
      m.chatroomId,
      m.from,
      m.idClient,
    ])) as MessageRow
    return { message: toWireMessage(row), created: changes === 1 }
  }

  /**
   * Message times are unique within a room (at least 1 ms apart), so history pages by time lose
   * none. Read it and save the message inside one `atomically`.
   */
  async nextMessageTime(chatroomId: string, now: number): Promise<number> {
    const newest = (await this.q.one<{ time: number | null }>('SELECT max(time) AS time FROM chatroom_messages WHERE chatroom_id = ?', [chatroomId]))?.time
    return Math.max(now, (newest ?? 0) + 1)
  }

  async history(chatroomId: string, timetag: number, limit: number, reverse: boolean): Promise<WireMessage[]> {
    const rows = reverse
      ? await this.q.all<MessageRow>('SELECT * FROM chatroom_messages WHERE chatroom_id = ? AND time > ? ORDER BY time ASC, id_server ASC LIMIT ?', [
          chatroomId,
          timetag,
          limit,
        ])
      : await this.q.all<MessageRow>('SELECT * FROM chatroom_messages WHERE chatroom_id = ? AND time < ? ORDER BY time DESC, id_server DESC LIMIT ?', [
          chatroomId,
          timetag === 0 ? Number.MAX_SAFE_INTEGER : timetag,
          limit,
        ])
    return rows.map(toWireMessage)
  }

  async fixedMembers(chatroomId: string, before: number, limit: number): Promise<MemberRecord[]> {
    const rows = await this.q.all<MemberRow>(
      `SELECT * FROM chatroom_members WHERE chatroom_id = ? AND type IN ('owner', 'manager', 'common', 'restricted')
         AND update_time < ? ORDER BY update_time DESC, account LIMIT ?`,
      [chatroomId, before, limit],
    )
    return rows.map(toState)
  }

  async transientMembers(chatroomId: string, before: number): Promise<MemberRecord[]> {
    const rows = await this.q.all<MemberRow>(
      `SELECT * FROM chatroom_members WHERE chatroom_id = ? AND type IN ('guest', 'anonymous') AND enter_time < ?
         ORDER BY enter_time DESC, account`,
      [chatroomId, before],
    )
    return rows.map(toState)
  }
}

/** The chat room area's data: rooms, their members and their messages. */
export class ChatroomRepository extends ChatroomQueries {
  constructor(private readonly db: Db) {
    super(db)
  }

  /**
   * Runs `work` as one transaction: a check and the write it allows (a message's unique time, a
   * mute, a mark) see no other worker's or machine's write between them. The work may run more
   * than once (Db.transaction): it only reads and writes through the queries it is given.
   */
  atomically<T>(work: (room: ChatroomQueries) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ChatroomQueries(tx)))
  }

  /** A room and its owner, together. */
  createRoom(input: NewRoom, now: number): Promise<void> {
    return this.atomically((room) => room.insertRoom(input, now))
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
    custom: m.custom,
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
    broadcastUrl: row.broadcast_url,
    custom: row.custom,
    queuelevel: row.queuelevel,
    creator: row.creator,
    mute: row.mute === 1,
    onlineMemberNum,
    createTime: row.create_time,
    updateTime: row.update_time,
  }
}
