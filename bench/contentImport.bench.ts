/**
 * The import of a large chat export (server/content, issue 32): 100,000 messages in JSON lines, of
 * which 1,000 are voices whose 1,000 distinct mp3 files lie beside the export, into a fresh SQLite
 * file through `importExport` (what `npm run import` runs).
 * - import time: the three passes (check, media copy, the one writing transaction);
 * - peak memory: the most the process's RSS and JS heap grew over their level before the import,
 *   sampled every 20 ms (the export is about 23 MB: a budget of 64 MB holds when it is never held whole, as text and objects).
 * `npx tsx bench/contentImport.bench.ts`
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { importExport } from '../server/content/importer'
import { MediaStore } from '../server/content/mediaStore'
import { openAppDatabase } from '../server/database'
import { runWhenMain, withBudget, withDeadline, type Figures } from './figures'

const MESSAGES = 100_000
const MEDIA_FILES = 1_000
const TIME_TARGET_S = 60
const MEMORY_BUDGET_MB = 64

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function writeExport(dir: string): Promise<string> {
  const voice = readFileSync(join(__dirname, '..', 'server', 'media', 'voice', 'weather.mp3'))
  mkdirSync(join(dir, 'voice'))
  for (let i = 0; i < MEDIA_FILES; i += 1) {
    // distinct bytes, so the store keeps 1,000 files
    writeFileSync(join(dir, 'voice', `v${i}.mp3`), Buffer.concat([voice, Buffer.from(String(i))]))
  }
  const file = join(dir, 'export.jsonl')
  const out = createWriteStream(file)
  const write = async (record: object): Promise<void> => {
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain')
  }
  await write({ format: 'lesson-export/1', exportId: 'bench', courseName: '十万条消息', author: { nickname: '压测老师' }, privacyStatus: 3, fee: 990, freeCount: 20 })
  const every = MESSAGES / MEDIA_FILES
  for (let n = 1; n <= MESSAGES; n += 1) {
    const sender = { wmid: n % 7 === 0 ? `student_${n % 50}` : 'wm_bench_author', nickname: n % 7 === 0 ? `学员${n % 50}` : '压测老师' }
    const obj =
      n % every === 0
        ? { id: `v${n}`, url: `voice/v${n / every - 1}.mp3`, duration: 4 }
        : { content: `第 ${n} 条消息：今天我们练习日常寒暄，先听一遍录音，再跟读三遍。` }
    await write({ msgId: `m-${n}`, msgType: n % every === 0 ? 1002 : 1000, sendTime: 1_740_000_000_000 + n * 1000, senderUserInfo: sender, obj })
  }
  out.end()
  await once(out, 'finish')
  return file
}

export async function measure(): Promise<Figures> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-import-'))
  try {
    const file = await writeExport(dir)
    const db = await openAppDatabase(join(dir, 'bench.sqlite'), { seedDemo: false })
    const store = new MediaStore({ dir: join(dir, 'store'), publicBase: '/media/store', maxBytes: 10 * 1024 * 1024 })
    try {
      global.gc?.()
      const before = process.memoryUsage()
      let peakRss = before.rss
      let peakHeap = before.heapUsed
      const sampler = setInterval(() => {
        const now = process.memoryUsage()
        peakRss = Math.max(peakRss, now.rss)
        peakHeap = Math.max(peakHeap, now.heapUsed)
      }, 20)
      const started = performance.now()
      const result = await withDeadline(300_000, 'content import', () => importExport(db, store, file, { author: 'wm_bench_author', media: 'files' }))
      const seconds = (performance.now() - started) / 1000
      clearInterval(sampler)
      if (result.messages !== MESSAGES || result.mediaFiles !== MEDIA_FILES) throw new Error(`imported ${result.messages} messages and ${result.mediaFiles} files`)
      return {
        'import: export': `${MESSAGES} messages, ${MEDIA_FILES} media files, ${mb(statSync(file).size)} of JSON lines (SQLite)`,
        'import: time': `${seconds.toFixed(1)} s (target ${TIME_TARGET_S} s)`,
        'import: peak RSS growth': withBudget('import: peak RSS growth', (peakRss - before.rss) / 1024 / 1024, MEMORY_BUDGET_MB, (v) => `${v.toFixed(1)} MB`),
        'import: peak JS heap growth': `${mb(peakHeap - before.heapUsed)}`,
      }
    } finally {
      await db.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runWhenMain(__filename, measure)
