/**
 * Resume on any device (issue 35 item 4): the rules for a listener's place in a lesson kept on the
 * server beside the one each device keeps for itself. Pure TypeScript, used by the client's
 * sync store (src/stores/resume) and by the server's resume area (server/resume).
 */
import { RESUME_DEVICES, type ResumeDevice } from '../../types/resume'

export { RESUME_DEVICES, type ResumeDevice }

export function isResumeDevice(value: unknown): value is ResumeDevice {
  return typeof value === 'string' && (RESUME_DEVICES as readonly string[]).includes(value)
}

/** While a voice plays, its place goes to the server at most this often (a pause or a hidden page sends at once). */
export const RESUME_SYNC_INTERVAL_MS = 20_000
/** The place saved is this far behind the playhead, so the listener hears the last words again. */
export const RESUME_BEHIND_SECONDS = 3
/** A place that moved less than this since the last one sent is not sent again. */
export const RESUME_MIN_MOVE_SECONDS = 2
/** The longest voice a place may lie in (spec 000: a voice is at most 60 s; imported audio may run long). */
export const RESUME_MAX_POSITION_SECONDS = 24 * 3600
/** A client clock ahead of the server's by more than this is taken as the server's time (server/resume). */
export const RESUME_CLOCK_SKEW_MS = 2 * 60_000
/** The longest msgId a place may name (the lesson area's msgIds are far shorter). */
export const RESUME_MAX_MSG_ID = 128

/** Where a lesson was left: the voice, the seconds into it, when (client epoch ms) and on what. */
export interface ResumePlace {
  msgId: string
  position: number
  /** epoch ms of the device that saved it */
  at: number
  /** the installation that saved it (a random id each device keeps) */
  deviceId: string
  device: ResumeDevice
}

/** The place to save for a playhead: a little behind it, whole seconds, never below 0. */
export function placeBehind(position: number): number {
  if (!Number.isFinite(position) || position <= 0) return 0
  return Math.max(0, Math.floor(Math.min(position, RESUME_MAX_POSITION_SECONDS)) - RESUME_BEHIND_SECONDS)
}

/** A place read from the wire or storage; undefined when any part of it is not one. */
export function readResumePlace(value: unknown): ResumePlace | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { msgId, position, at, deviceId, device } = value as Record<string, unknown>
  if (typeof msgId !== 'string' || msgId === '' || msgId.length > RESUME_MAX_MSG_ID) return undefined
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0 || position > RESUME_MAX_POSITION_SECONDS) return undefined
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at <= 0) return undefined
  if (typeof deviceId !== 'string' || deviceId === '' || deviceId.length > RESUME_MAX_MSG_ID) return undefined
  if (!isResumeDevice(device)) return undefined
  return { msgId, position, at, deviceId, device }
}

/** What to offer when a lesson opens: this device's own place, or another device's newer one. */
export type ResumeChoice =
  | { kind: 'none' }
  | { kind: 'local' }
  | { kind: 'remote'; place: ResumePlace }

/**
 * Merges this device's place with the server's (newest wins by the saving device's clock):
 * - no valid server place, or one this device saved itself: this device's own (or none);
 * - a server place from another device newer than this device's last save (or with nothing
 *   saved here): that place, to be offered "from your phone";
 * - a server place dated after `now` plus the allowed skew is not believed newer than a local one.
 * `localAt` is when this device last saved its place for the lesson (undefined: never).
 */
export function chooseResume(
  local: { at: number | undefined; has: boolean },
  remote: unknown,
  thisDevice: string,
  now: number,
): ResumeChoice {
  const place = readResumePlace(remote)
  const own: ResumeChoice = local.has ? { kind: 'local' } : { kind: 'none' }
  if (!place || place.deviceId === thisDevice) return own
  if (!local.has) return { kind: 'remote', place }
  const localAt = local.at !== undefined && Number.isFinite(local.at) ? local.at : 0
  const remoteAt = Math.min(place.at, now + RESUME_CLOCK_SKEW_MS)
  return remoteAt > localAt ? { kind: 'remote', place } : own
}

/** Whether a save stamped `incoming` replaces one stamped `stored` (the server's newest-wins rule). */
export function newerSave(incoming: number, stored: number | undefined): boolean {
  return stored === undefined || incoming > stored
}

/** A client's stamp as the server keeps it: never later than its own clock plus the skew. */
export function stampOf(clientAt: number, serverNow: number): number {
  return Math.min(clientAt, serverNow + RESUME_CLOCK_SKEW_MS)
}

/** A lesson's progress, 0..1, from the voice the place is in and how far into it (for the home list). */
export function lessonProgress(voiceIndex: number, voiceCount: number, position: number, voiceDuration: number): number {
  if (!(voiceCount > 0) || !(voiceIndex >= 0) || voiceIndex >= voiceCount) return 0
  const within = voiceDuration > 0 && position >= 0 ? Math.min(position / voiceDuration, 1) : 0
  return Math.min(1, Math.max(0, (voiceIndex + within) / voiceCount))
}
