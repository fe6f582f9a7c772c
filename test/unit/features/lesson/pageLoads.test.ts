/**
 * Page loads that overlap a list reset (markPaid reopens the lesson while the reader's scroll
 * may still be loading a page). The lesson api is replaced by a fake whose answers the test
 * releases one by one.
 */
import type { WireMessage } from '../../../../types/lesson'
import type { InfoResult, LessonApi, MessagePage } from '../../../../src/api/lesson'
import { LessonStore } from '../../../../src/features/lesson/LessonStore'
import { lessonInfo } from '../../../fixtures/lessonInfo'

const info = lessonInfo()

const page = (from: number, count: number): WireMessage[] =>
  Array.from({ length: count }, (_, i) => ({ id: from + i, msgId: `m${from + i}`, msgType: 1000, sendTime: from + i, obj: '{"content":"x"}' }))

function controllableApi() {
  const pending: { page: number; resolve: (answer: MessagePage) => void }[] = []
  const api = {
    info: async (): Promise<InfoResult> => ({ found: true, info }),
    messages: (_handle: unknown, pageNo: number) => new Promise<MessagePage>((resolve) => pending.push({ page: pageNo, resolve })),
  } as unknown as LessonApi
  const answer = async (pageNo: number, messages: WireMessage[]) => {
    const index = pending.findIndex((p) => p.page === pageNo)
    const [call] = pending.splice(index, 1)
    call.resolve({ kind: 'page', messages })
    for (let i = 0; i < 10; i++) await Promise.resolve()
  }
  return { api, pending, answer }
}

async function ticks() {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('LessonStore page loads and list resets', () => {
  it('drops the answer of a page that was loading when the list reset, and loads the new list from page 1', async () => {
    const { api, pending, answer } = controllableApi()
    const store = new LessonStore(api, 2)
    const opened = store.open({ kind: 'v2', courseData: 'c' })
    await ticks()
    await answer(1, page(1, 2))
    await opened
    expect(store.messages.map((m) => m.msgId)).toEqual(['m1', 'm2'])

    void store.loadMore() // page 2 starts loading...
    await ticks()
    expect(pending.map((p) => p.page)).toEqual([2])

    const reopened = store.open({ kind: 'v2', courseData: 'c' }) // ...and the list resets (as after a payment)
    await ticks()
    expect(pending.map((p) => p.page)).toEqual([2, 1])
    await answer(2, page(100, 2)) // the stale page 2 arrives first: it must not land in the new list
    expect(store.messages).toHaveLength(0)
    await answer(1, page(1, 2))
    await reopened
    expect(store.messages.map((m) => m.msgId)).toEqual(['m1', 'm2'])
    expect(store.page).toBe(1)
    expect(store.loadingMore).toBe(false)
  })
})
