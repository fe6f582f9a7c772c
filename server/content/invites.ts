/**
 * Groups and invitations through the content area (spec 001 §5, the invite pages): an author's
 * groups (free, or paid at a fee in fen, which the paid-group page sells) and the invitation
 * payloads the chat app draws into a QR code (`data`, the welcome pages' handle) or shares as a
 * password (the text between two yen markers). The chat app names its own group ids; a group is
 * its owner's, and only its owner changes it or invites to it.
 */
import { randomBytes } from 'node:crypto'
import type { Db } from '../core/sql'
import { ExportError, LIMITS, mediaRef, said } from './format'
import type { Said } from './format'
import type { MediaStore } from './mediaStore'

export interface GroupInput {
  gid: string
  name: string
  headImg: string
  introduction: string
  condition: string
  fee: number
}

const AT = said('contentAtGroup')

function refuse(at: Said, field: string, why: Said): never {
  throw new ExportError({ at, field }, why)
}

const record = (value: unknown, at: Said): Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse(at, '(body)', said('contentNotObject'))
  return value as Record<string, unknown>
}

export function readGroup(value: unknown, store: MediaStore): GroupInput {
  const group = record(value, AT)
  const text = (field: string, max: number, required: boolean): string => {
    const given = group[field]
    if (given === undefined && !required) return ''
    if (typeof given !== 'string' || (required && given.trim() === '')) refuse(AT, field, said('contentNotNonEmptyString'))
    if (given.length > max) refuse(AT, field, said('contentTooLong', { max }))
    return given
  }
  const gid = text('gid', 64, true)
  if (!/^[A-Za-z0-9_-]+$/.test(gid)) refuse(AT, 'gid', said('contentHandle'))
  const headImg = text('headImg', 2048, false)
  if (headImg !== '') {
    const ref = mediaRef(headImg)
    if ('key' in ref || ref.kind !== 'url' || (!ref.url.startsWith('https://') && !store.owns(ref.url))) refuse(AT, 'headImg', said('contentImageUrl'))
  }
  const fee = group.fee ?? 0
  if (typeof fee !== 'number' || !Number.isSafeInteger(fee) || fee < 0 || fee > LIMITS.fee) refuse(AT, 'fee', said('contentFee', { max: LIMITS.fee }))
  return { gid, name: text('name', 100, true), headImg, introduction: text('introduction', 2000, false), condition: text('condition', 500, false), fee }
}

/** Writes the owner's group (new, or changed); refused when the gid is another owner's. */
export function putGroup(db: Db, owner: string, group: GroupInput): Promise<{ gid: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const earlier = await tx.one<{ owner: string }>('SELECT owner_wmid AS owner FROM invite_groups WHERE gid = ?', [group.gid])
    if (earlier && earlier.owner !== owner) refuse(AT, 'gid', said('contentOtherOwnersGroup', { gid: group.gid }))
    const fields = [group.name, group.headImg, group.introduction, group.condition, group.fee]
    if (earlier) {
      await tx.run('UPDATE invite_groups SET name = ?, head_img = ?, introduction = ?, condition = ?, fee = ? WHERE gid = ?', [...fields, group.gid])
    } else {
      await tx.run('INSERT INTO invite_groups (name, head_img, introduction, condition, fee, gid, owner_wmid) VALUES (?, ?, ?, ?, ?, ?, ?)', [...fields, group.gid, owner])
    }
    return { gid: group.gid, created: earlier === undefined }
  })
}

export type InviteKind = 'qr' | 'password'

/**
 * A new invitation of `inviter`, to be their friend (no gid) or to join their group: a QR code's
 * `data` handle or a password (each invitee gets their own). Its payload and the page it opens.
 */
export async function createInvite(db: Db, inviter: string, value: unknown, now: number): Promise<{ kind: InviteKind; payload: string; gid: string | null }> {
  const at = said('contentAtInvite')
  const invite = record(value, at)
  const kind = invite.kind
  if (kind !== 'qr' && kind !== 'password') refuse(at, 'kind', said('contentInviteKind'))
  const gid = invite.gid ?? null
  if (gid !== null && typeof gid !== 'string') refuse(at, 'gid', said('contentInviteGid'))
  return db.transaction(async (tx) => {
    if (gid !== null) {
      const group = await tx.one<{ owner: string }>('SELECT owner_wmid AS owner FROM invite_groups WHERE gid = ?', [gid])
      if (!group) refuse(at, 'gid', said('contentNoGroup', { gid }))
      if (group.owner !== inviter) refuse(at, 'gid', said('contentOtherOwnersGroup', { gid }))
    }
    if (kind === 'qr') {
      const data = `i${randomBytes(12).toString('base64url')}`
      await tx.run('INSERT INTO qr_invites (data, inviter_wmid, gid) VALUES (?, ?, ?)', [data, inviter, gid])
      return { kind, payload: data, gid }
    }
    // letters and digits a person can read out and type: no 0/O, 1/I
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
    const password = `WM${Array.from(randomBytes(8), (byte) => alphabet[byte % alphabet.length]).join('')}`
    await tx.run('INSERT INTO invite_passwords (password, inviter_wmid, gid, created_at) VALUES (?, ?, ?, ?)', [password, inviter, gid, now])
    return { kind, payload: password, gid }
  })
}
