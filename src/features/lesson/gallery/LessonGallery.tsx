import { useEffect, useState, type PropsWithChildren } from 'react'
import { imagePlatform } from '../../../platform/image'
import { useAppStores } from '../../../app/stores'
import type { LessonApi } from '../../../api/lesson'
import type { LessonStore } from '../LessonStore'
import { GalleryContext } from './GalleryContext'
import { GalleryModel, type GalleryImage, type GallerySource } from './GalleryModel'
import type { LessonMessage } from '../../../domain/message/types'
import { GalleryOverlay } from './GalleryOverlay'

/** The picture list of the lesson `store` shows; old links (no courseData) use the loaded images. */
export function lessonGallerySource(store: LessonStore, api: Pick<LessonApi, 'pictures'>): GallerySource {
  return {
    pictures() {
      const courseData = store.courseData
      if (courseData === undefined) return null
      return (msgTimestamp) => api.pictures(courseData, msgTimestamp, store.coursePass)
    },
    loadedImages: () => loadedImages(store.messages),
  }
}

/** The images of the messages loaded so far: the gallery of a list without a picture call (old links, the admin viewers). */
export function loadedImages(messages: readonly LessonMessage[]): GalleryImage[] {
  return messages.flatMap((m) => (m.kind === 'image' ? [{ id: m.id, url: m.url }] : []))
}

/** Gives the image cells below it the lesson's gallery, and shows it. */
export function LessonGallery({ store, children }: PropsWithChildren<{ store: LessonStore }>) {
  const { lessonApi } = useAppStores()
  return <GalleryScope source={() => lessonGallerySource(store, lessonApi)}>{children}</GalleryScope>
}

/** Gives the image cells below it the gallery of `source` (read once, when mounted), and shows it. */
export function GalleryScope({ source, children }: PropsWithChildren<{ source: () => GallerySource }>) {
  const [model] = useState(() => new GalleryModel(source(), imagePlatform.nativePreview))
  useEffect(() => () => model.close(), [model])
  return (
    <GalleryContext.Provider value={model}>
      {children}
      <GalleryOverlay model={model} />
    </GalleryContext.Provider>
  )
}
