/**
 * The mini-program's main package (everything outside dist/weapp/packages/) holds no code of another
 * package's features: WeChat downloads the main package before the first page, so money, live, invite,
 * vip and misc code must wait for their own subpackages. The build writes dist/weapp.modules.json
 * (config/moduleMap.ts): the source modules of every emitted file.
 */
import fs from 'fs'
import path from 'path'
import { buildTimeTitle } from '../../src/locales/buildTitle'
import { FEATURE_PACKAGES } from '../unit/architecture/featurePackages'

const ROOT = path.resolve(__dirname, '../..')
const DIST = path.join(ROOT, 'dist/weapp')
const modules = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/weapp.modules.json'), 'utf8')) as Record<string, string[]>

const inMainPackage = (file: string): boolean => !file.startsWith('packages/')
const featureOf = (source: string): string | undefined => /^src\/features\/([^/]+)\//.exec(source)?.[1]

/** The string catalogues only subpackages show (src/locales/packages/<name>.ts adds `<lang>/<name>.ts`). */
const PACKAGE_CATALOGUES = fs.readdirSync(path.join(ROOT, 'src/locales/packages')).map((file) => path.basename(file, '.ts'))
const packageCatalogue = (source: string): boolean =>
  /^src\/locales\/packages\//.test(source) ||
  PACKAGE_CATALOGUES.some((name) => source === `src/locales/zh-CN/${name}.ts` || source === `src/locales/en/${name}.ts`)

/** What the main package's pages load on demand from the deferred subpackage (route Illegal in src/domain/routes.ts). */
const DEFERRED_MODULES = ['src/features/login/countries.json']

/**
 * Modules that belong to a subpackage: its pages and composition, another package's features, the IM
 * client, the strings only subpackages show, what the main package's pages load on demand.
 */
function foreign(source: string): boolean {
  const feature = featureOf(source)
  if (feature !== undefined && FEATURE_PACKAGES[feature] !== 'main') return true
  return source.startsWith('src/packages/') || source.startsWith('src/im/') || packageCatalogue(source) || DEFERRED_MODULES.includes(source)
}

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/** Top-level class names of a feature's stylesheets (`.circle`, `.audio-file`): its BEM blocks. */
function styleBlocks(feature: string): string[] {
  const dir = path.join(ROOT, 'src/features', feature)
  return filesUnder(dir)
    .filter((file) => file.endsWith('.scss'))
    .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/^\.([a-z][\w-]*)\s*[{,]/gm)].map((m) => m[1]))
}

describe('the mini-program main package', () => {
  const mainFiles = Object.keys(modules).filter(inMainPackage)

  it('is described by the module map of this build', () => {
    // the map must know both sides, or the checks below would pass on an empty list
    expect(mainFiles).toContain('app.js')
    expect(modules['app.js']).toContain('src/app.tsx')
    expect(mainFiles.flatMap((file) => modules[file])).toContain('src/features/lesson/LessonScreen.tsx')
    expect(Object.keys(modules).filter((file) => !inMainPackage(file)).flatMap((file) => modules[file])).toEqual(
      expect.arrayContaining(['src/features/circle/CircleDetailScreen.tsx', 'src/packages/misc/stores.ts', 'src/locales/zh-CN/vip.ts', ...DEFERRED_MODULES]),
    )
    for (const file of Object.keys(modules).filter((f) => modules[f].length > 0)) {
      expect(fs.existsSync(path.join(DIST, file))).toBe(true)
    }
  })

  it('holds no module of another package', () => {
    const misplaced = mainFiles.flatMap((file) => modules[file].filter(foreign).map((source) => `${file}: ${source}`))
    expect(misplaced).toEqual([])
  })

  it('holds the demo launcher only in a demo build (the first page of a production build is the home)', () => {
    const firstPage = JSON.parse(fs.readFileSync(path.join(DIST, 'pages/launcher/index.json'), 'utf8')) as { navigationBarTitleText: string }
    const demo = firstPage.navigationBarTitleText === buildTimeTitle('Launcher')
    const launcher = mainFiles.flatMap((file) => modules[file]).filter((source) => /^src\/(features\/launcher\/|locales\/(zh-CN|en)\/launcher\.ts$)/.test(source))
    if (demo) expect(launcher).toContain('src/features/launcher/LauncherScreen.tsx')
    else expect([firstPage.navigationBarTitleText, launcher]).toEqual([buildTimeTitle('Home'), []])
  })

  it('holds no style of another package’s features', () => {
    const blocks = Object.keys(FEATURE_PACKAGES)
      .filter((feature) => FEATURE_PACKAGES[feature] !== 'main')
      .flatMap(styleBlocks)
    expect(blocks).toEqual(expect.arrayContaining(['circle', 'audio-file']))
    const mainStyles = filesUnder(DIST)
      .filter((file) => file.endsWith('.wxss') && inMainPackage(path.relative(DIST, file)))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n')
    expect(blocks.filter((block) => new RegExp(`\\.${block}(?![\\w-])`).test(mainStyles))).toEqual([])
  })
})
