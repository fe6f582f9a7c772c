import { makeAutoObservable, runInAction } from 'mobx'
import type { Album, AlbumApi, StickerAuth } from '../../api/album'
import { ApiError } from '../../api/client'

export type AlbumState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string | undefined }
  | { kind: 'missing' }
  | { kind: 'loaded'; album: Album }

/** /lessonAlbum: the album (queryLessonAlbum) and the share overlay. */
export class AlbumStore {
  state: AlbumState = { kind: 'loading' }
  shareHintShown = false

  constructor(
    private readonly api: AlbumApi,
    readonly data: string,
  ) {
    makeAutoObservable<AlbumStore, 'api'>(this, { api: false, data: false })
  }

  async load(): Promise<void> {
    this.state = { kind: 'loading' }
    try {
      const album = await this.api.album(this.data)
      runInAction(() => (this.state = album ? { kind: 'loaded', album } : { kind: 'missing' }))
    } catch (err) {
      runInAction(() => (this.state = { kind: 'error', message: err instanceof ApiError ? err.message : undefined }))
    }
  }

  get album(): Album | undefined {
    return this.state.kind === 'loaded' ? this.state.album : undefined
  }

  showShareHint(): void {
    this.shareHintShown = true
  }

  hideShareHint(): void {
    this.shareHintShown = false
  }
}

export type StickerState = { kind: 'loading' } | { kind: 'error' } | { kind: 'loaded'; auth: StickerAuth }

/** /addFaceWM: whether the user has authorized (Sticker info), and where authorizing goes. */
export class StickerStore {
  state: StickerState = { kind: 'loading' }

  constructor(
    private readonly api: AlbumApi,
    readonly d: string,
  ) {
    makeAutoObservable<StickerStore, 'api'>(this, { api: false, d: false })
  }

  /** spec 001 §8: a failed call shows the network-exception text, whatever failed. */
  async load(): Promise<void> {
    this.state = { kind: 'loading' }
    try {
      const auth = await this.api.sticker(this.d)
      runInAction(() => (this.state = { kind: 'loaded', auth }))
    } catch {
      runInAction(() => (this.state = { kind: 'error' }))
    }
  }
}
