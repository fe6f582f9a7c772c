import fs from 'fs'
import path from 'path'
import { ROOT, scanSources, sourceFiles } from './imports'

/**
 * Screens take Taro's components from src/platform/components, never from @tarojs/components
 * (types excepted). On H5, @tarojs/components defines every component the app imports from it,
 * anywhere, in one module of the first load, with the Stencil runtime under them: H5 renders View,
 * Text, Image and Button without Stencil (basic.h5.tsx) and defines the others (Swiper, Video,
 * Slider, ScrollView, Input, Audio) in the chunks that show them (docs/ARCHITECTURE.md, "Code
 * loaded on demand").
 */
const TARO_IMPORT = /import\s*(type\s*)?\{([^}]*)\}\s*from\s*['"]@tarojs\/components['"]/g

function componentImports(file: string, text: string): string[] {
  if (file.startsWith('src/platform/components/')) return []
  const found: string[] = []
  for (const match of text.matchAll(TARO_IMPORT)) {
    if (match[1]) continue
    for (const part of match[2].split(',').map((name) => name.trim())) {
      if (part && !part.startsWith('type ')) found.push(`${file} imports ${part.split(/\s+as\s+/)[0]} from @tarojs/components`)
    }
  }
  return found
}

/** A page whose config turns pull-down refresh on must define H5's pull-to-refresh element itself. */
function pullDownPagesWithoutPreparing(): string[] {
  return sourceFiles('src')
    .filter((file) => file.endsWith('index.config.ts') && /enablePullDownRefresh:\s*true/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')))
    .map((config) => config.replace(/index\.config\.ts$/, 'index.tsx'))
    .filter((page) => !/^preparePullDownRefresh\(\)$/m.test(fs.readFileSync(path.join(ROOT, page), 'utf8')))
}

describe('Taro components come from src/platform/components', () => {
  it('no source file imports a component from @tarojs/components directly', () => {
    const { files, found } = scanSources(componentImports)
    expect(files).toBeGreaterThan(300)
    expect(found).toEqual([])
  })

  it('catches a planted import, however it is written, and lets types through', () => {
    expect(componentImports('src/features/x/A.tsx', "import { Image, Swiper, type ITouchEvent } from '@tarojs/components'")).toEqual([
      'src/features/x/A.tsx imports Image from @tarojs/components',
      'src/features/x/A.tsx imports Swiper from @tarojs/components',
    ])
    expect(componentImports('src/features/x/A.tsx', 'import {\n  Video as Player,\n  View,\n} from "@tarojs/components"')).toHaveLength(2)
    expect(componentImports('src/features/x/A.tsx', "import type { SliderProps } from '@tarojs/components'")).toEqual([])
    expect(componentImports('src/platform/components/video.ts', "import { Video } from '@tarojs/components'")).toEqual([])
  })

  it('every page with pull-down refresh defines it at the top of its module', () => {
    expect(pullDownPagesWithoutPreparing()).toEqual([])
  })
})
