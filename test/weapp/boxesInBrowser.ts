/**
 * Lays out an HTML document in Chromium at 375x812 and prints, as JSON, the box and the computed
 * opacity and visibility of the first element matching each selector given. Input on stdin:
 * `{ "html": "<!DOCTYPE html>…", "selectors": [".a", ".b"] }`. Run as a child process by
 * liveViewer.test.ts (playwright cannot load in the jsdom the simulator needs).
 */
import { chromium } from 'playwright-core'

export interface ElementBox {
  top: number
  bottom: number
  left: number
  right: number
  opacity: number
  visibility: string
}

export type Boxes = Record<string, ElementBox | null>

async function main(): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { html: string; selectors: string[] }
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
    await page.setContent(input.html)
    const boxes = await page.evaluate((selectors: string[]): Boxes => {
      const out: Boxes = {}
      for (const selector of selectors) {
        const el = document.querySelector(selector)
        if (!el) {
          out[selector] = null
          continue
        }
        const r = el.getBoundingClientRect()
        const style = getComputedStyle(el)
        out[selector] = { top: r.top, bottom: r.bottom, left: r.left, right: r.right, opacity: Number(style.opacity), visibility: style.visibility }
      }
      return out
    }, input.selectors)
    process.stdout.write(JSON.stringify(boxes))
  } finally {
    await browser.close()
  }
}

void main()
