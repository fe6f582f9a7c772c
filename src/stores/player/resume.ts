import type { KeyValueStorage } from '../../platform/storage/types'

/** The resume point is written when playback moved at least this far since the last write. */
export const RESUME_SAVE_STEP_SECONDS = 5
export const RESUME_STORAGE_PREFIX = 'player.resume.'

export interface ResumePoint {
  msgId: string
  /** seconds into that voice */
  position: number
}

/** A stored resume point; undefined when missing or not one. */
export function parseResumePoint(raw: string | undefined): ResumePoint | undefined {
  if (!raw) return undefined
  try {
    const value: unknown = JSON.parse(raw)
    if (typeof value !== 'object' || value === null) return undefined
    const { msgId, position } = value as Record<string, unknown>
    if (typeof msgId !== 'string' || msgId === '' || typeof position !== 'number' || !(position >= 0)) return undefined
    return { msgId, position }
  } catch {
    return undefined
  }
}

/**
 * Where each lesson was left (resume where you left off), one storage key per lesson. While a
 * voice plays, its place is written only once it moved RESUME_SAVE_STEP_SECONDS since the last write.
 */
export class ResumePoints {
  private lastSavedPosition = -Infinity

  constructor(private readonly storage: KeyValueStorage) {}

  read(lessonKey: string): ResumePoint | undefined {
    return parseResumePoint(this.storage.get(RESUME_STORAGE_PREFIX + lessonKey))
  }

  /** Another voice started: its first save is due whatever the step. */
  restart(): void {
    this.lastSavedPosition = -Infinity
  }

  /** `force` writes whatever the step (a pause, a stop, a voice loaded). */
  save(lessonKey: string, msgId: string, position: number, force: boolean): void {
    if (!force && Math.abs(position - this.lastSavedPosition) < RESUME_SAVE_STEP_SECONDS) return
    this.lastSavedPosition = position
    const point: ResumePoint = { msgId, position: Math.floor(position) }
    this.storage.set(RESUME_STORAGE_PREFIX + lessonKey, JSON.stringify(point))
  }

  /** The lesson was heard to the end: nothing to resume next time. */
  forget(lessonKey: string): void {
    this.storage.remove(RESUME_STORAGE_PREFIX + lessonKey)
  }
}
