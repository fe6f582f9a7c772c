import { createHmac, randomBytes } from 'node:crypto'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import type { AppContext } from '../../context'
import { signMatches } from '../../core/wechat'
import type { Standin } from '../standin'
import { DEMO_NIM_APP, NIM_CHECKSUM_LIFETIME_S, NIM_STANDIN, nimCheckSum } from './protocol'

/**
 * NetEase IM's server API as a stand-in, for the tests and for a demo pointed at it with NIM_*:
 * the CheckSum headers checked against the demo application (protocol.ts DEMO_NIM_APP), the calls
 * the server makes answered in NetEase's shape. The host's tools (kickMember, temporaryMute,
 * setMemberRole, muteRoom, update, toggleCloseStat) are checked as NetEase checks their fields,
 * refused in a closed room with NetEase's 13002, written to standin_nim_calls (what tests read) and
 * the room's announcement, mute and state kept in standin_nim_rooms, which get.action answers: the
 * database, so that every worker answers alike. sendMsg.action is checked as NetEase documents its
 * fields (roomid, msgId, fromAccid, msgType, attach of 4096 characters at most), refused for a
 * sender the host's tools muted (13004) or blacklisted (13003) or in a closed room, recorded, and
 * answered with the message as NetEase's `desc` names it; a resend (resendFlag 1) of a msgId the
 * room has is answered as that message and not sent again. It remembers no account, so `create`
 * never answers 414 "already register"; the client's refresh on that answer is tested against a
 * NetEase-shaped edge (test/server/nim.test.ts). Its chat room addresses are not a real link:
 * NetEase's chat room itself has no stand-in (the client's NetEase adapter is tested on its own).
 */
const refuse = (code: number, desc: string) => ({ code, desc })

function checkSumRefusal(request: FastifyRequest): { code: number; desc: string } | undefined {
  const header = (name: string): string => String(request.headers[name] ?? '')
  if (header('appkey') !== DEMO_NIM_APP.appKey) return refuse(403, 'IllegalAppKey')
  const curTime = header('curtime')
  const nonce = header('nonce')
  if (!/^\d+$/.test(curTime) || Math.abs(Number(curTime) - Date.now() / 1000) > NIM_CHECKSUM_LIFETIME_S) return refuse(414, 'checksum expired')
  if (nonce === '' || nonce.length > 128 || !signMatches(header('checksum'), nimCheckSum(DEMO_NIM_APP.appSecret, nonce, curTime))) {
    return refuse(414, 'checksum error')
  }
  return undefined
}

const form = (request: FastifyRequest): Record<string, string> => (typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, string>) : {})
/** setMemberRole's opt as the role its answer names */
const ROLE_TYPES: Readonly<Record<string, string>> = { '1': 'MANAGER', '2': 'COMMON', '-1': 'BLACK', '-2': 'MUTE' }
const token = (accid: string): string => createHmac('sha256', randomBytes(16)).update(accid).digest('hex').slice(0, 32)

const ACCID = /^[\w.@-]{1,32}$/
const BOOLEAN = /^(true|false)$/
/** temporaryMute's longest: 30 days, in seconds */
const MAX_MUTE_S = 2_592_000
const MAX_ANNOUNCEMENT = 4096
/** NetEase's code for a chat room whose state refuses the call (closed) */
const ROOM_STATE = 13002
/** NetEase's codes for a sender on the room's blacklist, and a muted one */
const SENDER_BLACKLISTED = 13003
const SENDER_MUTED = 13004
/** sendMsg's message types (text, image, audio, video, geo, file, tip, custom) */
const MSG_TYPES = ['0', '1', '2', '3', '4', '6', '10', '100']
const MAX_ATTACH = 4096

interface StandinRoom {
  announcement: string
  muted: number
  valid: number
}

const routes: FastifyPluginAsync<AppContext> = async (app, { db }) => {
  app.addHook('preHandler', async (request, reply) => {
    const refusal = checkSumRefusal(request)
    if (refusal) return reply.send(refusal)
  })

  const roomOf = async (roomid: string): Promise<StandinRoom> =>
    (await db.one<StandinRoom>('SELECT announcement, muted, valid FROM standin_nim_rooms WHERE roomid = ?', [roomid])) ?? { announcement: '', muted: 0, valid: 1 }
  const setRoom = (roomid: string, column: 'announcement' | 'muted' | 'valid', value: string | number): Promise<number> =>
    db.run(`INSERT INTO standin_nim_rooms (roomid, ${column}) VALUES (?, ?) ON CONFLICT (roomid) DO UPDATE SET ${column} = excluded.${column}`, [roomid, value])

  /**
   * One of the host's tools: its fields checked (`check` answers a refusal), refused in a closed
   * room (toggleCloseStat aside), recorded, then done.
   */
  const tool = (path: string, check: (f: Record<string, string>) => string | undefined, work: (f: Record<string, string>) => Promise<Record<string, unknown>>) =>
    app.post(path, async (request) => {
      const f = form(request)
      const roomid = f.roomid ?? ''
      if (roomid === '' || roomid.length > 64) return refuse(414, 'roomid illegal')
      if (f.operator !== undefined && !ACCID.test(f.operator)) return refuse(414, 'operator illegal')
      if (f.target !== undefined && !ACCID.test(f.target)) return refuse(414, 'target illegal')
      const illegal = check(f)
      if (illegal) return refuse(414, `${illegal} illegal`)
      if (f.operator !== undefined && f.operator === f.target) return refuse(403, 'operator is the target')
      if (path !== '/chatroom/toggleCloseStat.action' && (await roomOf(roomid)).valid === 0) return refuse(ROOM_STATE, 'chatroom closed')
      await db.run('INSERT INTO standin_nim_calls (path, form, created_at) VALUES (?, ?, ?)', [path, JSON.stringify(f), Date.now()])
      return { code: 200, ...(await work(f)) }
    })
  const needs = (...names: string[]) => (f: Record<string, string>) => names.find((n) => (f[n] ?? '') === '')
  const success = async () => ({ desc: { success: true } })

  tool('/chatroom/kickMember.action', needs('operator', 'target'), success)
  tool(
    '/chatroom/temporaryMute.action',
    (f) => needs('operator', 'target')(f) ?? (/^\d{1,7}$/.test(f.muteDuration ?? '') && Number(f.muteDuration) <= MAX_MUTE_S ? undefined : 'muteDuration'),
    async (f) => ({ desc: { muteDuration: Number(f.muteDuration) } }),
  )
  tool(
    '/chatroom/setMemberRole.action',
    (f) => needs('operator', 'target')(f) ?? (!['1', '2', '-1', '-2'].includes(f.opt ?? '') ? 'opt' : BOOLEAN.test(f.optvalue ?? '') ? undefined : 'optvalue'),
    async (f) => ({ desc: { roomid: f.roomid, level: 0, accid: f.target, type: f.optvalue === 'true' ? ROLE_TYPES[f.opt ?? ''] : 'COMMON' } }),
  )
  tool(
    '/chatroom/muteRoom.action',
    (f) => needs('operator')(f) ?? (BOOLEAN.test(f.mute ?? '') ? undefined : 'mute'),
    async (f) => {
      await setRoom(f.roomid ?? '', 'muted', f.mute === 'true' ? 1 : 0)
      return { desc: { success: true } }
    },
  )
  tool(
    '/chatroom/update.action',
    (f) => (f.announcement === undefined || f.announcement.length > MAX_ANNOUNCEMENT ? 'announcement' : undefined),
    async (f) => {
      await setRoom(f.roomid ?? '', 'announcement', f.announcement ?? '')
      return { chatroom: await wireRoom(f.roomid ?? '') }
    },
  )
  tool(
    '/chatroom/toggleCloseStat.action',
    (f) => needs('operator')(f) ?? (BOOLEAN.test(f.valid ?? '') ? undefined : 'valid'),
    async (f) => {
      await setRoom(f.roomid ?? '', 'valid', f.valid === 'true' ? 1 : 0)
      return { desc: await wireRoom(f.roomid ?? '') }
    },
  )

  const wireRoom = async (roomid: string) => {
    const room = await roomOf(roomid)
    return { roomid, valid: room.valid === 1, announcement: room.announcement, name: '', broadcasturl: '', ext: '', creator: '', muted: room.muted === 1, onlineusercount: 0 }
  }

  /** What the host's tools left on `accid` in `roomid`: blacklisted, muted (until lifted, or for a while). */
  const senderState = async (roomid: string, accid: string, now: number): Promise<'blacklisted' | 'muted' | undefined> => {
    const told = await db.all<{ path: string; form: string; createdAt: number }>(
      "SELECT path, form, created_at AS \"createdAt\" FROM standin_nim_calls WHERE path IN ('/chatroom/temporaryMute.action', '/chatroom/setMemberRole.action') ORDER BY id",
    )
    let blacklisted = false
    let gagged = false
    let mutedUntil = 0
    for (const call of told) {
      const f = JSON.parse(call.form) as Record<string, string>
      if (f.roomid !== roomid || f.target !== accid) continue
      if (call.path === '/chatroom/temporaryMute.action') mutedUntil = call.createdAt + Number(f.muteDuration) * 1000
      else if (f.opt === '-1') blacklisted = f.optvalue === 'true'
      else if (f.opt === '-2') gagged = f.optvalue === 'true'
    }
    if (blacklisted) return 'blacklisted'
    return gagged || mutedUntil > now ? 'muted' : undefined
  }

  const sentMessages = async (): Promise<Array<{ form: Record<string, string>; createdAt: number }>> =>
    (await db.all<{ form: string; createdAt: number }>("SELECT form, created_at AS \"createdAt\" FROM standin_nim_calls WHERE path = '/chatroom/sendMsg.action' ORDER BY id")).map((c) => ({
      form: JSON.parse(c.form) as Record<string, string>,
      createdAt: c.createdAt,
    }))

  app.post('/chatroom/sendMsg.action', async (request) => {
    const f = form(request)
    const roomid = f.roomid ?? ''
    if (roomid === '' || roomid.length > 64) return refuse(414, 'roomid illegal')
    if (!f.msgId || f.msgId.length > 64) return refuse(414, 'msgId illegal')
    if (!ACCID.test(f.fromAccid ?? '')) return refuse(414, 'fromAccid illegal')
    if (!MSG_TYPES.includes(f.msgType ?? '')) return refuse(414, 'msgType illegal')
    if ((f.attach ?? '').length > MAX_ATTACH) return refuse(414, 'attach illegal')
    if (f.resendFlag !== undefined && !['0', '1'].includes(f.resendFlag)) return refuse(414, 'resendFlag illegal')
    if ((await roomOf(roomid)).valid === 0) return refuse(ROOM_STATE, 'chatroom closed')
    const now = Date.now()
    const state = await senderState(roomid, f.fromAccid ?? '', now)
    if (state === 'blacklisted') return refuse(SENDER_BLACKLISTED, 'in blacklist')
    if (state === 'muted') return refuse(SENDER_MUTED, 'chatroom member muted')
    // a resend (resendFlag 1) of a msgId the room has is answered as the stored message, not sent again
    const stored = f.resendFlag === '1' ? (await sentMessages()).find((m) => m.form.roomid === roomid && m.form.msgId === f.msgId) : undefined
    if (!stored) await db.run('INSERT INTO standin_nim_calls (path, form, created_at) VALUES (?, ?, ?)', ['/chatroom/sendMsg.action', JSON.stringify(f), now])
    const message = stored?.form ?? f
    return {
      code: 200,
      desc: {
        time: String(stored?.createdAt ?? now),
        fromAvator: '',
        msgid_client: message.msgId,
        fromClientType: 'REST',
        attach: message.attach ?? '',
        roomId: roomid,
        fromAccount: message.fromAccid,
        fromNick: message.fromAccid,
        type: message.msgType,
        ext: message.ext ?? '',
      },
    }
  })

  app.post('/chatroom/get.action', async (request) => {
    const { roomid = '' } = form(request)
    if (roomid === '' || roomid.length > 64) return refuse(414, 'roomid illegal')
    return { code: 200, chatroom: await wireRoom(roomid) }
  })

  app.post('/user/create.action', async (request) => {
    const { accid = '' } = form(request)
    if (!/^[\w.@-]{1,32}$/.test(accid)) return refuse(414, 'accid illegal')
    return { code: 200, info: { token: token(accid), accid, name: form(request).name ?? '' } }
  })

  app.post('/user/refreshToken.action', async (request) => {
    const { accid = '' } = form(request)
    if (!/^[\w.@-]{1,32}$/.test(accid)) return refuse(414, 'accid illegal')
    return { code: 200, info: { token: token(accid), accid } }
  })

  app.post('/chatroom/requestAddr.action', async (request) => {
    const { roomid = '', accid = '', clienttype = '1' } = form(request)
    if (roomid === '') return refuse(414, 'roomid illegal')
    if (accid === '') return refuse(414, 'accid illegal')
    if (!['1', '2', '3'].includes(clienttype)) return refuse(414, 'clienttype illegal')
    return { code: 200, addr: [`chatroom-${clienttype}.nim.standin.invalid:443`] }
  })
}

export const nimStandin: Standin = { name: NIM_STANDIN, routes }
