import Taro from '@tarojs/taro'
import TestUtils from '@tarojs/test-utils-react'
import { parseMessage } from '../../../src/domain/message/parse'
import type { LessonMessage } from '../../../src/domain/message/types'
import { GalleryContext, type GalleryOpener } from '../../../src/features/lesson/gallery/GalleryContext'
import { MessageBody } from '../../../src/features/lesson/MessageBody'
import { WithStores, testAppStores } from '../appStores'
import { mount } from '../act'

// The app's H5 entry does this from config/index.ts; cells size media through pxTransform.
Taro.initPxTransform({ designWidth: 750, deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 } })

// jsdom has no IntersectionObserver; Taro's H5 Image uses one for lazyLoad.
class NoIntersectionObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('IntersectionObserver' in globalThis)) {
  Object.assign(globalThis, { IntersectionObserver: NoIntersectionObserver })
}

// jsdom lays nothing out: every element is 0 px wide. Taro's Swiper (swiper.js) measures its container
// and, at zero width, starts without slides and throws on its first slide change; on a phone the
// gallery is as wide as the screen, so elements here report a phone's width.
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 375 })

/** The payload every XSS assertion feeds in: it must show as these characters. */
export const HOSTILE = '<img src=x onerror=alert(1)>'

let nextId = 1

/** A message as the list call sends it (payload as a JSON string), parsed like the store does. */
export function wire(msgType: number, obj: unknown, extra: Record<string, unknown> = {}): LessonMessage {
  const id = nextId++
  return parseMessage({
    id,
    msgId: `m-${id}`,
    msgType,
    sendTime: Date.UTC(2024, 3, 2, 2, 30),
    obj: JSON.stringify(obj),
    senderUserInfo: { nickname: 'Teacher Li', faceIcon: 'https://cdn.example.com/t.png' },
    ...extra,
  })
}

function Host({ messages, gallery }: { messages: LessonMessage[]; gallery: GalleryOpener | null }) {
  return (
    <WithStores stores={testAppStores()}>
      <GalleryContext.Provider value={gallery}>
        {messages.map((message) => (
          <MessageBody key={message.id} message={message} />
        ))}
      </GalleryContext.Provider>
    </WithStores>
  )
}

/** Mounts messages through MessageBody, the way the list row does. */
export async function mountMessage(
  utils: TestUtils,
  message: LessonMessage | LessonMessage[],
  gallery: GalleryOpener | null = null,
): Promise<void> {
  await mount(utils, Host, { messages: Array.isArray(message) ? message : [message], gallery })
}

export function $(selector: string): Element {
  const found = document.querySelector(selector)
  if (found === null) throw new Error(`no ${selector} in ${document.body.innerHTML}`)
  return found
}

export function textOf(selector: string): string {
  return $(selector).textContent ?? ''
}

/** Event init for fireEvent.touchStart/Move: jsdom has no Touch constructor, the cells read only clientX/Y. */
export function touchAt(clientX: number, clientY: number): { touches: Touch[] } {
  return { touches: [{ clientX, clientY } as Touch] }
}
