/**
 * Live chat under load: 100 incoming messages a second for 10 s into the chat store (200 ms batches,
 * as in the mini-program) and a list rendered from it (React to static markup on every store update).
 * Reports render updates per second, the list's length and the heap before and after, and the size of
 * the NetEase chatroom SDK builds that only the live package carries (the main package and the H5
 * lesson page figures are in bench/sizes.ts).
 * `npx tsx bench/chat.bench.ts`
 */
import fs from 'fs'
import path from 'path'
import zlib from 'zlib'
import { reaction } from 'mobx'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { LiveChatMessage } from '../src/domain/chat/liveMessage'
import { LiveChatStore, type ChatItem } from '../src/features/live/LiveChatStore'
import type { ChatroomClient } from '../src/im'
import { runWhenMain } from './figures'

const SDK_DIR = path.resolve(__dirname, '../node_modules/nim-web-sdk-ng/dist/v1')

function sdkSize(file: string): string {
  const bytes = fs.readFileSync(path.join(SDK_DIR, file))
  return `${(bytes.length / 1024).toFixed(1)} KB raw, ${(zlib.gzipSync(bytes, { level: 9 }).length / 1024).toFixed(1)} KB gzip`
}

const RATE = 100
const SECONDS = 10

function ChatList({ items }: { items: readonly ChatItem[] }) {
  return createElement('ul', null, items.map((i) => createElement('li', { key: i.key }, createElement('b', null, i.displayName), ' ', i.text)))
}

export async function measure(): Promise<Record<string, string>> {
  let push: (messages: LiveChatMessage[]) => void = () => undefined
  const client: ChatroomClient = {
    status: { state: 'connected' },
    enter: () => Promise.reject(new Error('unused')),
    exit: async () => undefined,
    send: () => Promise.reject(new Error('unused')),
    history: async () => [],
    members: async () => [],
    onMessages: (listener) => {
      push = listener
      return () => undefined
    },
    onStatus: () => () => undefined,
    moderation: undefined,
  }
  global.gc?.()
  const heapBefore = process.memoryUsage().heapUsed
  const store = new LiveChatStore(client)
  let renders = 0
  let markup = ''
  const off = reaction(() => store.items, (items) => {
    renders++
    markup = renderToStaticMarkup(createElement(ChatList, { items }))
  })
  const started = Date.now()
  let sent = 0
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const due = Math.min(RATE * SECONDS, Math.floor(((Date.now() - started) / 1000) * RATE))
      const batch: LiveChatMessage[] = []
      for (; sent < due; sent++) {
        batch.push({ idClient: `m${sent}`, from: `u${sent % 37}`, time: started + sent * 10, flow: 'in', msgType: 'TEXT', text: `message ${sent}`, type: '', sender: { nickname: sent % 5 === 0 ? `wxid_${sent}` : `观众${sent % 37}`, faceIcon: '', uid: `u${sent % 37}`, updateTime: 0 } })
      }
      if (batch.length > 0) push(batch)
      if (sent >= RATE * SECONDS) {
        clearInterval(timer)
        setTimeout(resolve, 250)
      }
    }, 10)
  })
  const elapsed = (Date.now() - started) / 1000
  off()
  store.dispose()
  const heapAfter = process.memoryUsage().heapUsed
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`
  return {
    'live chat messages in': `${sent} (${RATE}/s for ${SECONDS} s)`,
    'live chat render updates': `${renders} (${(renders / elapsed).toFixed(1)}/s; batch 200 ms, so at most 5/s)`,
    'live chat list length': `${store.items.length} (limit 300), ${markup.length} chars of markup`,
    'live chat heap': `${mb(heapBefore)} before, ${mb(heapAfter)} after`,
    'NetEase chatroom SDK weapp (live)': sdkSize('CHATROOM_MINIAPP_SDK.js'),
    'NetEase chatroom SDK H5 (lazy)': sdkSize('CHATROOM_BROWSER_SDK.js'),
  }
}

runWhenMain(__filename, measure)
