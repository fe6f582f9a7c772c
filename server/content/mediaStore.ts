/**
 * The media store: where imported voice, images, video and files are kept and the URL readers
 * load them from. A directory (MEDIA_STORE_DIR, default server/data/media) whose files are named
 * by their content (sha-256), so a file never changes once written, the same file imported twice
 * is stored once, and a CDN in front of it may cache forever. Their URLs begin with
 * MEDIA_PUBLIC_BASE: by default `/media/store`, which this server serves itself (and answers
 * absolute for the asking origin, as every stored `/media/` path); a CDN's `https://…` base makes
 * the stored URLs the CDN's.
 */
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { lstat, mkdir, realpath, rename, rm, stat } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Transform } from 'node:stream'
import { OperatorRefusal } from '../core/operatorTexts'
import { MEDIA_EXTENSIONS, said, sayIn } from './format'
import type { Said } from './format'

export interface MediaStoreSettings {
  /** the directory the files are written to */
  dir: string
  /** what their URLs begin with: a path under /media/ that this server serves, or an https URL */
  publicBase: string
  /** a file over this many bytes is refused */
  maxBytes: number
}

export const DEFAULT_MEDIA_PUBLIC_BASE = '/media/store'
export const DEFAULT_MEDIA_MAX_BYTES = 100 * 1024 * 1024

/** The store's settings from the environment; `defaultDir` when MEDIA_STORE_DIR is unset. */
export function mediaStoreFromEnv(env: NodeJS.ProcessEnv, defaultDir: string): MediaStoreSettings {
  const publicBase = (env.MEDIA_PUBLIC_BASE || DEFAULT_MEDIA_PUBLIC_BASE).replace(/\/+$/, '')
  if (!/^https:\/\/[^/]+/.test(publicBase) && !/^\/media\/[A-Za-z0-9_/-]+$/.test(publicBase)) {
    throw new OperatorRefusal('mediaPublicBase', { value: publicBase })
  }
  const maxBytes = env.MEDIA_MAX_BYTES ? Number(env.MEDIA_MAX_BYTES) : DEFAULT_MEDIA_MAX_BYTES
  if (!Number.isSafeInteger(maxBytes) || maxBytes <= 0) throw new OperatorRefusal('mediaMaxBytes', { value: String(env.MEDIA_MAX_BYTES) })
  return { dir: resolve(env.MEDIA_STORE_DIR || defaultDir), publicBase, maxBytes }
}

/** Why a file cannot be taken, in the words of an export error (the catalogue's, core/messages.ts). */
export class MediaRefusal extends Error {
  constructor(readonly why: Said) {
    super(sayIn('en', why))
  }
}

const EXTENSION = /^[a-z0-9]{1,8}$/

export class MediaStore {
  constructor(readonly settings: MediaStoreSettings) {}

  /** Whether `url` is one of this store's (as an upload answers it). */
  owns(url: string): boolean {
    const base = `${this.settings.publicBase}/`
    return url.startsWith(base) && /^[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]{1,8}$/.test(url.slice(base.length))
  }

  /**
   * The file `relative` names inside `dir` (the export's directory), checked: it exists, is a
   * regular file, is inside `dir` once every link is followed, and is not over the size limit.
   */
  async checkFile(dir: string, relative: string): Promise<{ path: string; bytes: number }> {
    const root = await realpath(dir)
    const path = resolve(root, relative)
    if (!path.startsWith(root + sep)) throw new MediaRefusal(said('contentMediaOutside', { name: relative }))
    let real: string
    try {
      real = await realpath(path)
    } catch {
      throw new MediaRefusal(said('contentMediaMissing', { name: relative }))
    }
    if (!real.startsWith(root + sep)) throw new MediaRefusal(said('contentMediaLinkOutside', { name: relative }))
    const info = await stat(real)
    if (!info.isFile()) throw new MediaRefusal(said('contentMediaNotFile', { name: relative }))
    if (info.size > this.settings.maxBytes) throw new MediaRefusal(said('contentMediaTooLarge', { size: info.size, max: this.settings.maxBytes, name: relative }))
    return { path: real, bytes: info.size }
  }

  /** Copies a checked file into the store; its public URL. */
  putFile(path: string, extension: string): Promise<string> {
    return this.put(createReadStream(path), extension)
  }

  /**
   * Writes a stream into the store under the sha-256 of its bytes; its public URL. A stream over
   * the size limit is refused (MediaRefusal) and leaves nothing behind.
   */
  async put(input: Readable, extension: string): Promise<string> {
    const ext = extension.toLowerCase()
    if (!EXTENSION.test(ext) || !MEDIA_EXTENSIONS.has(ext)) throw new MediaRefusal(said('contentMediaType', { ext: extension }))
    await mkdir(this.settings.dir, { recursive: true })
    const temporary = join(this.settings.dir, `.upload-${randomUUID()}`)
    const hash = createHash('sha256')
    let bytes = 0
    const { maxBytes } = this.settings
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length
        if (bytes > maxBytes) return done(new MediaRefusal(said('contentMediaOverLimit', { max: maxBytes })))
        hash.update(chunk)
        done(null, chunk)
      },
    })
    try {
      await pipeline(input, counter, createWriteStream(temporary, { flags: 'wx' }))
      const name = `${hash.digest('hex')}.${ext}`
      const shard = join(this.settings.dir, name.slice(0, 2))
      await mkdir(shard, { recursive: true })
      const final = join(shard, name)
      // the same bytes are the same file: a second copy is dropped
      if (await exists(final)) await rm(temporary, { force: true })
      else await rename(temporary, final)
      return `${this.settings.publicBase}/${name.slice(0, 2)}/${name}`
    } catch (error) {
      await rm(temporary, { force: true })
      throw error
    }
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch {
    return false
  }
}
