import { importCircles, importGraph, resolveTarget } from './cycles'
import { importsOf, sourceFiles, type ImportEdge } from './imports'

/**
 * No import circles, type-only imports included: ESLint's import-x/no-cycle (npm run lint) skips
 * `import type`, and that is how the circles below were formed. A circle means two modules that
 * cannot be understood, tested or split apart one without the other.
 */
const TREES = ['src', 'types', 'server', 'config', 'bench', 'scripts', 'test']
const edges: ImportEdge[] = TREES.flatMap((tree) => sourceFiles(tree)).flatMap((file) => importsOf(file))

describe('import circles', () => {
  it('reads the imports of every source file, type-only ones too', () => {
    expect(edges.length).toBeGreaterThan(2000)
    expect(edges).toContainEqual({ from: 'src/app/stores.ts', specifier: './composition', target: 'src/app/composition' })
  })

  it('finds none', () => {
    expect(importCircles(importGraph(edges))).toEqual([])
  })

  it('resolves a folder to its index and a platform module to every build variant', () => {
    const files = new Set(['src/features/lesson/index.ts', 'src/platform/audio/index.ts', 'src/platform/audio/index.h5.ts', 'src/platform/audio/index.weapp.ts', 'src/ui/a11y.ts'])
    const exists = (file: string) => files.has(file)
    expect(resolveTarget('src/features/lesson', exists)).toEqual(['src/features/lesson/index.ts'])
    expect(resolveTarget('src/platform/audio', exists).sort()).toEqual(['src/platform/audio/index.h5.ts', 'src/platform/audio/index.ts', 'src/platform/audio/index.weapp.ts'])
    expect(resolveTarget('src/ui/a11y', exists)).toEqual(['src/ui/a11y.ts'])
  })

  it('catches a planted circle of type-only imports through a folder index', () => {
    const planted = [
      ...importsOf('src/app/one.ts', "import type { Two } from '../features/two'\n"),
      ...importsOf('src/features/two/index.ts', "export { Two } from './Two'\n"),
      ...importsOf('src/features/two/Two.ts', "import type { One } from '../../app/one'\n"),
      ...importsOf('src/domain/leaf.ts', "import type { One } from '../app/one'\n"),
    ]
    const known = new Set(planted.map((edge) => edge.from))
    const circles = importCircles(importGraph(planted, (target) => resolveTarget(target, (file) => known.has(file))))
    expect(circles).toEqual([['src/app/one.ts', 'src/features/two/Two.ts', 'src/features/two/index.ts']])
  })
})
