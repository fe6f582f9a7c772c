/**
 * Lessons offline: the download time of the demo-all-types lesson (issue 35 item 5). The real
 * offline store and api against the reference server on a local port; each file is fetched over
 * HTTP and written to a temporary directory, as the mini-program's downloadFile and saveFile do
 * (their network and flash are the phone's: this is the app's and the server's part of it).
 */
import fs from 'fs'
import os from 'os'
import path from 'path'
import { buildApp } from '../server/app'
import { createClient } from '../src/api/client'
import { createOfflineApi } from '../src/api/offline'
import { OfflineStore } from '../src/features/offline/OfflineStore'
import type { FileStorage } from '../src/platform/fileStorage/types'
import { median, runWhenMain, type Figures } from './figures'

const RUNS = 5

function diskStorage(dir: string): FileStorage {
  let next = 0
  return {
    supported: true,
    async save(url) {
      const res = await fetch(url)
      if (!res.ok) throw new Error(`download ${res.status}`)
      const bytes = Buffer.from(await res.arrayBuffer())
      const file = path.join(dir, `f${next++}`)
      await fs.promises.writeFile(file, bytes)
      return { path: file, bytes: bytes.length }
    },
    async writeText(name, text) {
      const file = path.join(dir, name)
      await fs.promises.writeFile(file, text)
      return { path: file, bytes: Buffer.byteLength(text) }
    },
    readText: (file) => fs.promises.readFile(file, 'utf8'),
    remove: (file) => fs.promises.rm(file, { force: true }),
  }
}

export async function measure(): Promise<Figures> {
  const server = await buildApp({ database: ':memory:', staticDir: '/nonexistent' })
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  const origin = `http://127.0.0.1:${address.port}`
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'offline-bench-'))
  const { post } = createClient({
    baseUrl: () => origin,
    request: async ({ url, body, headers }) => {
      const res = await fetch(url, { method: 'POST', body, headers })
      return { statusCode: res.status, data: await res.text() }
    },
    toast: () => undefined,
    goProfile: () => undefined,
    goVipAlert: () => undefined,
    sessionHeaders: () => ({}),
    clearSession: () => undefined,
    messages: { networkError: () => 'network', timeout: () => 'timeout', badResponse: () => 'bad' },
  })
  const times: number[] = []
  let files = 0
  let bytes = 0
  try {
    for (let run = 0; run < RUNS; run++) {
      const memory = new Map<string, string>()
      const store = new OfflineStore(createOfflineApi(post), diskStorage(dir), {
        get: (k) => memory.get(k),
        set: (k, v) => void memory.set(k, v),
        remove: (k) => void memory.delete(k),
      })
      const started = performance.now()
      await store.estimate('demo-all-types')
      await store.start()
      times.push(performance.now() - started)
      if (store.download.kind !== 'done') throw new Error(`download ended ${store.download.kind}`)
      files = store.lessons[0].files.length
      bytes = store.lessons[0].bytes
      await store.remove('demo-all-types')
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
    await server.close()
  }
  return {
    'offline: download of demo-all-types': `${Math.round(median(times))} ms median of ${RUNS} (${files} files, ${(bytes / 1024 / 1024).toFixed(1)} MB, local server)`,
  }
}

runWhenMain(__filename, measure)
