/**
 * First full render of the all-types lesson in Chromium (375x812, fresh browser context so
 * nothing is cached): time from navigation start to the moment all 20 rows of the first page are
 * in the DOM, read on the page's own clock, and the DOM's element count at that moment. Median
 * of 5 runs. Needs dist/h5. `npx tsx bench/render.bench.ts`
 */
import { startE2E } from '../test/e2e/harness'
import { median, runWhenMain, withDeadline } from './figures'

const RUNS = 5
const FIRST_PAGE_ROWS = 20

export async function measure(): Promise<Record<string, string>> {
  const e2e = await startE2E()
  try {
    return await withDeadline(120_000, 'render', async () => {
      const times: number[] = []
      const nodes: number[] = []
      for (let run = 0; run < RUNS; run++) {
        const page = await e2e.newPage()
        await page.goto('/lesson?courseData=demo-all-types', { waitUntil: 'commit' })
        // checked every animation frame; performance.now() counts from navigation start
        const handle = await page.waitForFunction(
          (rows) =>
            document.querySelectorAll('.message-row').length >= rows
              ? { ms: performance.now(), elements: document.getElementsByTagName('*').length }
              : false,
          FIRST_PAGE_ROWS,
          { polling: 'raf', timeout: 15000 },
        )
        const result = (await handle.jsonValue()) as { ms: number; elements: number }
        times.push(result.ms)
        nodes.push(result.elements)
        await page.context().close()
      }
      return {
        'all-types lesson first render': `median ${median(times).toFixed(0)} ms (min ${Math.min(...times).toFixed(0)}, max ${Math.max(...times).toFixed(0)}; ${RUNS} cold runs)`,
        'all-types lesson DOM elements': `median ${median(nodes)} at first render (${FIRST_PAGE_ROWS} rows)`,
      }
    })
  } finally {
    await e2e.close()
  }
}

runWhenMain(__filename, measure)
