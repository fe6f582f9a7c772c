import { makeAutoObservable, runInAction } from 'mobx'
import type { WireMessage } from '../../../types/lesson'
import { parseMessage } from '../../domain/message/parse'
import type { LessonMessage } from '../../domain/message/types'
import type { OfflineApi } from '../../api/offline'
import { OFFLINE_BUDGET_BYTES, byteCount, checkBudget, estimateBytes } from '../../domain/offline'
import { STORAGE_KEYS } from '../../domain/storageKeys'
import type { FileStorage, KeptFile } from '../../platform/fileStorage/types'
import type { KeyValueStorage } from '../../platform/storage/types'

/** A downloaded lesson as the device keeps it: its files and where its messages are. */
export interface OfflineLesson {
  courseData: string
  courseName: string
  /** the cover's kept file, '' when the lesson has none */
  coverPath: string
  /** the kept file of the lesson's messages (JSON of WireMessage[] as the server gave them) */
  messagesPath: string
  files: Array<{ url: string; path: string; bytes: number }>
  /** every kept file together, the messages' included */
  bytes: number
  savedAt: number
}

/** Where the download of one lesson stands. */
export type DownloadState =
  | { kind: 'idle' }
  | { kind: 'estimating' }
  | { kind: 'confirm'; estimate: number; used: number }
  | { kind: 'overBudget'; estimate: number; used: number }
  | { kind: 'notEntitled' }
  | { kind: 'downloading'; done: number; total: number }
  | { kind: 'done'; bytes: number }
  | { kind: 'failed'; reason: string }

interface Plan {
  courseData: string
  courseName: string
  coursePic: string
  messages: WireMessage[]
  files: Array<{ url: string; bytes: number }>
}

function readLessons(raw: string | undefined): OfflineLesson[] {
  if (!raw) return []
  try {
    const value: unknown = JSON.parse(raw)
    if (!Array.isArray(value)) return []
    return value.filter((item): item is OfflineLesson => {
      if (typeof item !== 'object' || item === null) return false
      const lesson = item as Record<string, unknown>
      return (
        typeof lesson.courseData === 'string' &&
        typeof lesson.courseName === 'string' &&
        typeof lesson.messagesPath === 'string' &&
        typeof lesson.coverPath === 'string' &&
        Array.isArray(lesson.files) &&
        byteCount(lesson.bytes) !== undefined
      )
    })
  } catch {
    return []
  }
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/** A kept file's name for the lesson's messages: only characters every file system takes. */
const messagesFileName = (courseData: string): string => `lesson-${encodeURIComponent(courseData).replace(/[^A-Za-z0-9_-]/g, '_')}.json`

/**
 * Lessons offline (issue 35 item 5): the downloaded lessons (kept in the mini-program's file
 * storage, listed in browser storage), and the download of one lesson: the server's word on what
 * it may hold (api/offline.ts), a size estimate first, a refusal when it would take the app past
 * OFFLINE_BUDGET_BYTES (domain/offline.ts), then each file with the progress, checked against the
 * budget again as the real sizes arrive. A failed or refused download leaves nothing behind.
 */
export class OfflineStore {
  lessons: OfflineLesson[]
  download: DownloadState = { kind: 'idle' }
  /** the lesson `download` is about */
  downloadFor: string | undefined = undefined

  private plan: Plan | undefined = undefined

  constructor(
    private readonly api: Pick<OfflineApi, 'files'>,
    private readonly files: FileStorage,
    private readonly storage: KeyValueStorage,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.lessons = readLessons(storage.get(STORAGE_KEYS.offlineLessons))
    makeAutoObservable<OfflineStore, 'api' | 'files' | 'storage' | 'now' | 'plan'>(
      this,
      { api: false, files: false, storage: false, now: false, plan: false },
      { autoBind: true },
    )
  }

  get supported(): boolean {
    return this.files.supported
  }

  get usedBytes(): number {
    return this.lessons.reduce((sum, lesson) => sum + lesson.bytes, 0)
  }

  get budgetBytes(): number {
    return OFFLINE_BUDGET_BYTES
  }

  lesson(courseData: string): OfflineLesson | undefined {
    return this.lessons.find((lesson) => lesson.courseData === courseData)
  }

  stateFor(courseData: string): DownloadState {
    return this.downloadFor === courseData ? this.download : { kind: 'idle' }
  }

  /** Asks what the lesson's download holds and sizes it: the listener then confirms or is told it does not fit. */
  async estimate(courseData: string, coursePass?: string): Promise<void> {
    if (!this.supported || this.download.kind === 'downloading') return
    this.downloadFor = courseData
    this.download = { kind: 'estimating' }
    this.plan = undefined
    try {
      const answer = await this.api.files(courseData, coursePass)
      runInAction(() => {
        if (this.downloadFor !== courseData) return
        if (answer === 'notEntitled' || answer === 'missing') {
          this.download = { kind: 'notEntitled' }
          return
        }
        const { bytes: estimate } = estimateBytes(answer.files.map((file) => file.bytes))
        const used = this.usedBytes
        const check = checkBudget(used, estimate, this.lesson(courseData)?.bytes ?? 0)
        this.plan = { courseData, courseName: answer.courseName, coursePic: answer.coursePic, messages: answer.messages, files: answer.files }
        this.download = check.fits ? { kind: 'confirm', estimate, used } : { kind: 'overBudget', estimate, used }
      })
    } catch (err) {
      runInAction(() => {
        if (this.downloadFor === courseData) this.download = { kind: 'failed', reason: reasonOf(err) }
      })
    }
  }

  cancel(): void {
    if (this.download.kind === 'downloading') return
    this.download = { kind: 'idle' }
    this.plan = undefined
  }

  /** Downloads the confirmed lesson, file by file; a file that takes it past the budget stops it. */
  async start(): Promise<void> {
    const plan = this.plan
    if (!plan || this.download.kind !== 'confirm') return
    const replacing = this.lesson(plan.courseData)
    const usedBefore = this.usedBytes - (replacing?.bytes ?? 0)
    const kept: Array<{ url: string; path: string; bytes: number }> = []
    let keptBytes = 0
    this.download = { kind: 'downloading', done: 0, total: plan.files.length }
    const discard = async (): Promise<void> => {
      await Promise.all(kept.map((file) => this.files.remove(file.path)))
    }
    try {
      for (const file of plan.files) {
        const saved: KeptFile = await this.files.save(file.url, () => undefined)
        kept.push({ url: file.url, path: saved.path, bytes: saved.bytes })
        keptBytes += saved.bytes
        if (!checkBudget(usedBefore, keptBytes).fits) {
          await discard()
          runInAction(() => {
            this.download = { kind: 'overBudget', estimate: keptBytes, used: usedBefore }
          })
          return
        }
        runInAction(() => {
          this.download = { kind: 'downloading', done: kept.length, total: plan.files.length }
        })
      }
      const messages = await this.files.writeText(messagesFileName(plan.courseData), JSON.stringify(plan.messages))
      const bytes = keptBytes + messages.bytes
      if (replacing) await Promise.all(replacing.files.filter((old) => !kept.some((k) => k.path === old.path)).map((old) => this.files.remove(old.path)))
      const lesson: OfflineLesson = {
        courseData: plan.courseData,
        courseName: plan.courseName,
        coverPath: kept.find((file) => file.url === plan.coursePic)?.path ?? '',
        messagesPath: messages.path,
        files: kept,
        bytes,
        savedAt: this.now(),
      }
      runInAction(() => {
        this.lessons = [lesson, ...this.lessons.filter((l) => l.courseData !== plan.courseData)]
        this.save()
        this.download = { kind: 'done', bytes }
        this.plan = undefined
      })
    } catch (err) {
      await discard()
      runInAction(() => {
        this.download = { kind: 'failed', reason: reasonOf(err) }
      })
    }
  }

  /** Deletes a downloaded lesson's files and forgets it. */
  async remove(courseData: string): Promise<void> {
    const lesson = this.lesson(courseData)
    if (!lesson) return
    await Promise.all([...lesson.files.map((file) => this.files.remove(file.path)), this.files.remove(lesson.messagesPath)])
    runInAction(() => {
      this.lessons = this.lessons.filter((l) => l.courseData !== courseData)
      this.save()
      if (this.downloadFor === courseData) this.download = { kind: 'idle' }
    })
  }

  /**
   * The downloaded lesson's messages, read from the device: a voice's or picture's address is its
   * kept file's (the parser takes web addresses only, so the files are put in after it).
   */
  async messages(courseData: string): Promise<LessonMessage[]> {
    const lesson = this.lesson(courseData)
    if (!lesson) throw new Error('not downloaded')
    const value: unknown = JSON.parse(await this.files.readText(lesson.messagesPath))
    if (!Array.isArray(value)) throw new Error('the kept lesson is damaged')
    const kept = new Map(lesson.files.map((file) => [file.url, file.path]))
    return value.map((wire: unknown) => {
      const message = parseMessage(wire)
      if (message.kind !== 'voice' && message.kind !== 'image') return message
      const path = kept.get(message.url)
      // a file the download did not keep is not fetched from the network either
      return { ...message, url: path ?? '' }
    })
  }

  private save(): void {
    this.storage.set(STORAGE_KEYS.offlineLessons, JSON.stringify(this.lessons))
  }
}
