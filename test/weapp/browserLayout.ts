/**
 * Lays out an HTML document (read from stdin) in Chromium at 375x812 and prints, as JSON, every
 * element holding text of its own (its box, font size, and whether its text is cut off) and the
 * elements that leave the screen's side. Run as a child process by textScaleRender.test.ts.
 */
import { chromium } from 'playwright-core'

export interface TextBox {
  what: string
  rect: { left: number; top: number; right: number; bottom: number }
  clipped: boolean
  fontPx: number
  /** inside a position: fixed control (the pills and the panel over the lesson) */
  floating: boolean
}

export interface Layout {
  boxes: TextBox[]
  outside: string[]
}

async function main(): Promise<void> {
  const chunks: Buffer[] = []
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] })
  try {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } })
    await page.setContent(Buffer.concat(chunks).toString('utf8'))
    // no named function inside: tsx would wrap it in a helper the page does not have
    const layout = await page.evaluate((): Layout => {
      const boxes: TextBox[] = []
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const own = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '')
        if (!own) continue
        const style = getComputedStyle(el)
        const r = el.getBoundingClientRect()
        if (style.visibility === 'hidden' || r.width === 0 || r.height === 0) continue
        // a preview cut to its first lines, or a one-line name ending in an ellipsis, is cut by design
        const byDesign = style.getPropertyValue('-webkit-line-clamp') !== 'none' || (style.textOverflow === 'ellipsis' && style.whiteSpace === 'nowrap')
        const clipped =
          !byDesign &&
          ((style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + 1) || (style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1))
        boxes.push({
          what: `${el.className || el.tagName}: ${(el.textContent ?? '').trim().slice(0, 30)}`,
          rect: { left: r.left, top: r.top, right: r.right, bottom: r.bottom },
          clipped,
          fontPx: parseFloat(style.fontSize),
          floating: Array.from(document.body.querySelectorAll<HTMLElement>('*')).some((up) => up.contains(el) && getComputedStyle(up).position === 'fixed'),
        })
      }
      const outside = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((el) => {
          const r = el.getBoundingClientRect()
          return r.width > 0 && r.height > 0 && (r.left < -1 || r.right > innerWidth + 1)
        })
        .map((el) => String(el.className || el.tagName))
      return { boxes, outside }
    })
    process.stdout.write(JSON.stringify(layout))
  } finally {
    await browser.close()
  }
}

void main()
