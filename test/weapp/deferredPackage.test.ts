/**
 * @jest-environment jsdom
 */
import fs from 'fs'
import path from 'path'
import { packageRoot, routeByName } from '../../src/domain/routes'
import { DIST, loadPage, type LoadedPage } from './harness'
import { all, tap } from './taroTree'

/**
 * Code the main package's pages load on demand rides in the deferred subpackage
 * (config/subpackageChunks.ts, issue 36 item 3): WeChat downloads it with require.async when a
 * reader first needs it, not before the first page. Here WeChat's require.async is the harness's
 * stand-in (test/weapp/requireAsync.babel.js); the rest is the compiled mini-program.
 */
const modules = JSON.parse(fs.readFileSync(path.join(DIST, '..', 'weapp.modules.json'), 'utf8')) as Record<string, string[]>
const DEFERRED = packageRoot('deferred')
const info = (value: object): string => encodeURIComponent(encodeURIComponent(JSON.stringify(value)))

describe('the deferred subpackage of the compiled mini-program (dist/weapp)', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('is declared in app.json with a page (WeChat refuses a subpackage without one), and holds the country list, which the main package does not', () => {
    const app = JSON.parse(fs.readFileSync(path.join(DIST, 'app.json'), 'utf8')) as { subPackages: { root: string; pages: string[] }[] }
    expect(app.subPackages).toContainEqual({ root: DEFERRED, pages: ['pages/illegal/index'] })
    for (const pkg of app.subPackages) expect({ root: pkg.root, pages: pkg.pages.length > 0 }).toEqual({ root: pkg.root, pages: true })
    const holders = Object.keys(modules).filter((file) => modules[file].includes('src/features/login/countries.json'))
    expect(holders).toEqual([`${DEFERRED}/countries.js`])
  })

  it('is fetched with require.async, its path written out for WeChat, never with a <script>', () => {
    const runtime = fs.readFileSync(path.join(DIST, 'runtime.js'), 'utf8')
    expect(runtime).toContain(`require.async("./${DEFERRED}/countries.js")`)
    expect(runtime).not.toContain('createElement')
  })

  it('shows its page, the lesson’s notice for illegal content', async () => {
    page = await loadPage(routeByName('Illegal').page, {})
    const p = page
    await p.waitFor(() => p.text().includes('内容涉嫌违规'))
    expect(routeByName('Illegal').page).toBe(`${DEFERRED}/pages/illegal/index`)
  })

  it('gives the phone dialog its country list when the picker opens', async () => {
    page = await loadPage(routeByName('FriendWelcomeWithPhone').page, { info: info({ data: 'invite-wm-friend' }) })
    const p = page
    await p.waitFor(() => p.root.querySelectorAll('.welcome__add').length === 1, 40000)
    await tap(all(p, '.welcome__add')[0])
    await p.waitFor(() => p.root.querySelectorAll('.bind-dialog__country').length === 1)
    await tap(all(p, '.bind-dialog__country')[0])
    await p.waitFor(() => p.text().includes('阿尔巴尼亚'))
    expect(p.text()).toContain('+355')
  })
})
