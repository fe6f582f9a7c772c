/**
 * How the built H5 site is sent (server/core/siteFiles.ts): the precompressed copy the browser
 * accepts, year-long immutable caching for content-hashed files, revalidation for the rest.
 * A small stand-in build in a temporary folder, with the .br/.gz copies the real build writes.
 */
import fs from 'fs'
import os from 'os'
import path from 'path'
import zlib from 'zlib'
import type { FastifyInstance } from 'fastify'
import { testApp } from './helpers'

const SCRIPT = `console.log(${JSON.stringify('lesson '.repeat(400))})\n`
let dir: string
let app: FastifyInstance

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
  fs.mkdirSync(path.join(dir, 'js'))
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="app"></div>')
  fs.writeFileSync(path.join(dir, 'js/app.0123abcd.js'), SCRIPT)
  fs.writeFileSync(path.join(dir, 'js/app.0123abcd.js.br'), zlib.brotliCompressSync(SCRIPT))
  fs.writeFileSync(path.join(dir, 'js/app.0123abcd.js.gz'), zlib.gzipSync(SCRIPT))
  fs.writeFileSync(path.join(dir, 'js/unhashed.js'), SCRIPT)
  app = await testApp(dir)
})
afterAll(async () => {
  await app.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const get = (url: string, encoding?: string) =>
  app.inject({ method: 'GET', url, headers: encoding === undefined ? {} : { 'accept-encoding': encoding } })

describe('the H5 site files', () => {
  it('sends the brotli copy to a browser that accepts br, as JavaScript', async () => {
    const res = await get('/js/app.0123abcd.js', 'gzip, deflate, br')
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT)
  })

  it('sends the gzip copy when gzip is all the browser takes, and the file itself when it takes none', async () => {
    const gzip = await get('/js/app.0123abcd.js', 'gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT)
    const plain = await get('/js/app.0123abcd.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(SCRIPT)
  })

  it('caches content-hashed files for a year as immutable, whatever the encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      expect((await get('/js/app.0123abcd.js', encoding)).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    }
  })

  it('makes the browser revalidate index.html, deep links and files without a hash', async () => {
    expect((await get('/', 'br')).headers['cache-control']).toBe('no-cache')
    expect((await get('/lesson/1?data=legacy-open', 'br')).headers['cache-control']).toBe('no-cache')
    expect((await get('/js/unhashed.js', 'br')).headers['cache-control']).toBe('no-cache')
  })
})
