/**
 * Writes the demo media under server/media/: avatars (a disc on a coloured square) with their
 * thumbnails, and slides (bars on a coloured page), flat-colour PNGs of a few hundred bytes each.
 * Run once with `npx tsx server/core/make-media.ts`; the output is committed.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'

type Rgb = readonly [number, number, number]
type Painter = (x: number, y: number) => Rgb

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An 8-bit RGB PNG, every row with filter 0. */
export function encodePng(width: number, height: number, paint: Painter): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const raw = Buffer.alloc((width * 3 + 1) * height)
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1)
    for (let x = 0; x < width; x += 1) raw.set(paint(x, y), row + 1 + x * 3)
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

function avatar(background: Rgb, disc: Rgb): Painter {
  return (x, y) => ((x - 50) ** 2 + (y - 42) ** 2 < 22 ** 2 || (x - 50) ** 2 + (y - 110) ** 2 < 42 ** 2 ? disc : background)
}

function slide(page: Rgb, bar: Rgb): Painter {
  return (x, y) => {
    const inBar = x >= 40 && y >= 48 && (y - 48) % 56 < 24 && x < 440 - ((y - 48) % 112 < 56 ? 0 : 120)
    return inBar && y < 272 ? bar : page
  }
}

/**
 * A QR-code-like picture for the demo join group (purchase seed): finder squares in three corners
 * and a fixed scatter of modules, 25 modules of 8 px on a 4-module quiet zone. Not scannable.
 */
function demoQrcode(): Painter {
  const finder = (mx: number, my: number): boolean | undefined => {
    for (const [ox, oy] of [[0, 0], [18, 0], [0, 18]]) {
      const x = mx - ox
      const y = my - oy
      if (x >= 0 && x < 7 && y >= 0 && y < 7) return x === 0 || x === 6 || y === 0 || y === 6 || (x >= 2 && x <= 4 && y >= 2 && y <= 4)
    }
    return undefined
  }
  return (px, py) => {
    const mx = Math.floor(px / 8) - 4
    const my = Math.floor(py / 8) - 4
    if (mx < 0 || my < 0 || mx >= 25 || my >= 25) return [255, 255, 255]
    const dark = finder(mx, my) ?? ((mx * 7 + my * 13 + mx * my) % 5 < 2)
    return dark ? [0, 0, 0] : [255, 255, 255]
  }
}

const MEDIA: Record<string, [number, number, Painter]> = {
  'join-qrcode.png': [264, 264, demoQrcode()],
  // the official account's QR on the sticker guide (/addFaceWM)
  'official-qrcode.png': [264, 264, demoQrcode()],
  'avatar-teacher.png': [100, 100, avatar([46, 125, 50], [200, 230, 201])],
  'avatar-assistant.png': [100, 100, avatar([21, 101, 192], [187, 222, 251])],
  'avatar-buyer.png': [100, 100, avatar([230, 81, 0], [255, 224, 178])],
  'avatar-visitor.png': [100, 100, avatar([97, 97, 97], [224, 224, 224])],
  'slide-1.png': [480, 320, slide([255, 248, 225], [255, 160, 0])],
  'slide-2.png': [480, 320, slide([232, 245, 233], [67, 160, 71])],
  'slide-3.png': [480, 320, slide([227, 242, 253], [30, 136, 229])],
}

/**
 * `paint` (drawn at srcWidth x srcHeight) scaled to cover width x height and cropped to its centre:
 * what OSS `image/resize,m_fill,w_<w>,h_<h>` answers.
 */
function filled(paint: Painter, srcWidth: number, srcHeight: number, width: number, height: number): Painter {
  const scale = Math.max(width / srcWidth, height / srcHeight)
  const offsetX = (srcWidth * scale - width) / 2
  const offsetY = (srcHeight * scale - height) / 2
  return (x, y) => paint(Math.floor((x + offsetX) / scale), Math.floor((y + offsetY) / scale))
}

/**
 * The avatar thumbnails the app asks for besides the 100x100 originals (spec 000 §9: 64 and
 * 80x100), named `<avatar>.w<w>h<h>.png`; the media route serves them for the resize query.
 */
for (const name of Object.keys(MEDIA).filter((n) => n.startsWith('avatar-'))) {
  const [srcWidth, srcHeight, paint] = MEDIA[name]
  for (const [width, height] of [[64, 64], [80, 100]] as const) {
    MEDIA[name.replace(/\.png$/, `.w${width}h${height}.png`)] = [width, height, filled(paint, srcWidth, srcHeight, width, height)]
  }
}

const out = join(__dirname, '..', 'media')
Object.entries(MEDIA).forEach(([name, [width, height, paint]]) => {
  const png = encodePng(width, height, paint)
  writeFileSync(join(out, name), png)
  process.stdout.write(`${name} ${png.length} bytes\n`)
})
