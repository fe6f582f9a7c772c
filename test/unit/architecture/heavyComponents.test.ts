import fs from 'fs'
import path from 'path'
import { ROOT, sourceFiles } from './imports'

/**
 * On H5, @tarojs/components defines every component the app imports from it, anywhere, in one
 * module of the first load. Swiper (and the swiper library), Video and Slider come from
 * src/platform/components instead, whose H5 files define each one in the chunk that shows it
 * (docs/ARCHITECTURE.md, "Code loaded on demand").
 */
const HEAVY = ['Swiper', 'SwiperItem', 'Video', 'Slider']
const TARO_IMPORT = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@tarojs\/components['"]/g

function heavyImports(file: string, text: string): string[] {
  if (file.startsWith('src/platform/components/')) return []
  const found: string[] = []
  for (const match of text.matchAll(TARO_IMPORT)) {
    if (/^import\s*type/.test(match[0])) continue
    for (const name of match[1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0])) {
      if (HEAVY.includes(name)) found.push(`${file} imports ${name} from @tarojs/components`)
    }
  }
  return found
}

describe('heavy Taro components come from src/platform/components', () => {
  it('no source file imports Swiper, SwiperItem, Video or Slider from @tarojs/components directly', () => {
    const files = sourceFiles('src')
    expect(files.length).toBeGreaterThan(300)
    expect(files.flatMap((file) => heavyImports(file, fs.readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([])
  })

  it('catches a planted import, however it is written', () => {
    expect(heavyImports('src/features/x/A.tsx', "import { Image, Swiper, SwiperItem, View } from '@tarojs/components'")).toEqual([
      'src/features/x/A.tsx imports Swiper from @tarojs/components',
      'src/features/x/A.tsx imports SwiperItem from @tarojs/components',
    ])
    expect(heavyImports('src/features/x/A.tsx', 'import {\n  Video as Player,\n  View,\n} from "@tarojs/components"')).toHaveLength(1)
    expect(heavyImports('src/features/x/A.tsx', "import { View, Text } from '@tarojs/components'")).toEqual([])
    expect(heavyImports('src/features/x/A.tsx', "import type { SliderProps } from '@tarojs/components'")).toEqual([])
    expect(heavyImports('src/platform/components/video.ts', "import { Video } from '@tarojs/components'")).toEqual([])
  })
})
