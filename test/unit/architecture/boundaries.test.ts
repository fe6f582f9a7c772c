import fs from 'fs'
import path from 'path'
import { FEATURE_PACKAGES } from './featurePackages'
import { importsOf, ROOT, sourceFiles, type ImportEdge } from './imports'
import { boundaryViolations } from './rules'

const edges: ImportEdge[] = [...sourceFiles('src'), ...sourceFiles('types')].flatMap((file) => importsOf(file))

describe('the layers and packages of src/ (docs/ARCHITECTURE.md "Boundaries")', () => {
  it('reads the imports of every source file', () => {
    // a parser that found nothing would pass every rule below
    expect(edges.length).toBeGreaterThan(500)
    expect(edges).toContainEqual({ from: 'src/app.tsx', specifier: './app/stores', target: 'src/app/stores' })
  })

  it('breaks no boundary', () => {
    expect(boundaryViolations(edges, FEATURE_PACKAGES)).toEqual([])
  })

  it('knows the package of every feature folder', () => {
    const folders = fs
      .readdirSync(path.join(ROOT, 'src/features'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(folders.sort()).toEqual(Object.keys(FEATURE_PACKAGES).sort())
  })

  it('gives every feature an index.ts', () => {
    for (const feature of Object.keys(FEATURE_PACKAGES)) {
      expect(fs.existsSync(path.join(ROOT, 'src/features', feature, 'index.ts'))).toBe(true)
    }
  })
})

describe('each rule catches a planted import', () => {
  const planted = (from: string, specifier: string): string[] => boundaryViolations(importsOf(from, `import { x } from '${specifier}'\n`), FEATURE_PACKAGES)

  it.each([
    ['src/domain/format.ts', '@tarojs/taro', 'domain imports only types/ and itself'],
    ['src/domain/format.ts', '../stores/session', 'domain imports only types/ and itself'],
    ['types/lesson.ts', '../src/domain/format', 'types/ imports only types/'],
    ['src/api/lesson.ts', '../stores/session', 'api never imports'],
    ['src/platform/storage/index.ts', '../../stores/session', 'platform never imports'],
    ['src/stores/session.ts', '../features/lesson', 'app-global stores never import'],
    ['src/ui/StateView.tsx', '../features/lesson', 'the UI kit never imports'],
    ['src/features/purchase/LessonPayScreen.tsx', '../access/PasswordLock', 'only through its index.ts'],
    ['src/pages/lesson/index.tsx', '../../features/lesson/LessonScreen', 'only through its index.ts'],
    ['src/features/lesson/LessonScreen.tsx', '../circle', 'belongs to the misc package'],
    ['src/pages/lesson/index.tsx', '../../features/audioFile', 'belongs to the misc package'],
    ['src/pages/lesson/index.tsx', '../../packages/misc/stores', 'reached only from its own pages'],
    ['src/features/lesson/LessonScreen.tsx', '../../im/client', 'only the live package reaches src/im/'],
  ])('%s importing %s: %s', (from, specifier, rule) => {
    const found = planted(from, specifier)
    expect(found).toHaveLength(1)
    expect(found[0]).toContain(rule)
  })

  it('allows what the architecture allows', () => {
    expect(planted('src/features/purchase/LessonPayScreen.tsx', '../access')).toEqual([])
    expect(planted('src/features/circle/CircleDetailScreen.tsx', '../lesson')).toEqual([])
    expect(planted('src/app/composition.ts', '../features/lesson/model')).toEqual([])
    expect(planted('src/packages/misc/pages/m4aPlayer/index.tsx', '../../../../features/audioFile')).toEqual([])
    expect(planted('src/packages/misc/pages/m4aPlayer/index.tsx', '../../stores')).toEqual([])
    expect(planted('src/domain/lessonLink.ts', './routeParams')).toEqual([])
    expect(planted('src/domain/lessonAccess.ts', '../../types/lesson')).toEqual([])
  })
})
