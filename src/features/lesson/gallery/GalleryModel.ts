import { makeAutoObservable, runInAction } from 'mobx'
import type { PictureListData } from '../../../../types/lesson'
import { safeUrl } from '../../../domain/message/url'
import type { ImagePlatform } from '../../../platform/image'

export interface GalleryImage {
  /** the image message's list id (the picture list's `id`) */
  id: number
  url: string
}

/** One page of the picture list call from `msgTimestamp` (spec 000 §7, page size 40). */
export type PictureLoader = (msgTimestamp: number) => Promise<PictureListData>

export interface GallerySource {
  /** the lesson's picture list; null for old links, which have no picture call */
  pictures(): PictureLoader | null
  /** the images of the messages loaded so far, the gallery of an old link */
  loadedImages(): GalleryImage[]
}

/** The overlay starts loading the next page when the user is this close to the last image. */
const PREFETCH_DISTANCE = 3

/**
 * The lesson's image gallery (spec 000 §2 "image preview gallery"): every picture of the lesson
 * in order, paged from the picture list call, opened at the tapped one. With a native viewer
 * (the mini-program's previewImage) the whole list is fetched first and handed over.
 */
export class GalleryModel {
  visible = false
  images: GalleryImage[] = []
  current = 0
  hasMore = false
  loading = false
  private cursor = 0
  /** bumps on every open/close, so the answers of an earlier opening are dropped */
  private generation = 0

  constructor(
    private readonly source: GallerySource,
    private readonly nativePreview: ImagePlatform['nativePreview'],
  ) {
    makeAutoObservable<GalleryModel, 'source' | 'nativePreview' | 'cursor' | 'generation'>(this, {
      source: false,
      nativePreview: false,
      cursor: false,
      generation: false,
    })
  }

  /** Opens the gallery at `image`. Never rejects: a failed page ends the list where it is. */
  async open(image: GalleryImage): Promise<void> {
    const generation = ++this.generation
    const loader = this.source.pictures()
    this.cursor = 0
    if (loader === null) {
      const images = this.source.loadedImages()
      const at = indexOf(images, image)
      this.show(at < 0 ? [image] : images, Math.max(0, at), false)
      return
    }
    // the tapped picture shows at once while the list loads behind it
    if (this.nativePreview === null) this.show([image], 0, true)
    this.hasMore = true
    const collected: GalleryImage[] = []
    // Pages until the tapped picture is among them; the native viewer wants the whole list.
    while (this.hasMore) {
      const page = await this.fetchPage(loader, generation, collected)
      if (page === null) break
      collected.push(...page)
      if (this.nativePreview === null && indexOf(collected, image) >= 0) break
    }
    if (generation !== this.generation) return
    const at = indexOf(collected, image)
    if (this.nativePreview !== null) {
      this.nativePreview(at < 0 ? [image.url] : collected.map((i) => i.url), image.url)
      return
    }
    if (at < 0) this.show([image], 0, false)
    else this.show(collected, at, this.hasMore)
  }

  /** The overlay's swiper moved to `index` (the end marker is index images.length). */
  setCurrent(index: number): void {
    this.current = index
    if (this.hasMore && index >= this.images.length - PREFETCH_DISTANCE) void this.loadMore()
  }

  async loadMore(): Promise<void> {
    const loader = this.source.pictures()
    if (loader === null || this.loading || !this.hasMore) return
    const page = await this.fetchPage(loader, this.generation, this.images)
    if (page !== null) runInAction(() => this.images.push(...page))
  }

  close(): void {
    this.generation++
    this.visible = false
    this.images = []
    this.current = 0
    this.hasMore = false
    this.loading = false
  }

  private show(images: GalleryImage[], current: number, hasMore: boolean): void {
    this.visible = true
    this.images = images
    this.current = current
    this.hasMore = hasMore
  }

  /**
   * The next page's pictures not already in `known`, moving the cursor; null when the call
   * failed (the list then ends there) or the opening was superseded.
   */
  private async fetchPage(
    loader: PictureLoader,
    generation: number,
    known: readonly GalleryImage[],
  ): Promise<GalleryImage[] | null> {
    this.loading = true
    const from = this.cursor
    try {
      const page = await loader(from)
      if (generation !== this.generation) return null
      return runInAction(() => {
        const ids = new Set(known.map((i) => i.id))
        const fresh: GalleryImage[] = []
        for (const picture of Array.isArray(page.picArray) ? page.picArray : []) {
          const url = safeUrl(picture.url)
          if (url !== undefined && !ids.has(picture.id)) fresh.push({ id: picture.id, url })
        }
        this.cursor = page.msgTimestamp
        // a page that does not move the cursor would be asked for again forever
        this.hasMore = page.isNextData === 1 && fresh.length > 0 && page.msgTimestamp > from
        this.loading = false
        return fresh
      })
    } catch {
      runInAction(() => {
        if (generation !== this.generation) return
        this.hasMore = false
        this.loading = false
      })
      return null
    }
  }
}

function indexOf(images: readonly GalleryImage[], image: GalleryImage): number {
  const byId = images.findIndex((i) => i.id === image.id)
  return byId >= 0 ? byId : images.findIndex((i) => i.url === image.url)
}
