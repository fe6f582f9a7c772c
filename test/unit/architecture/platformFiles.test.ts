import { sourceFiles } from './imports'

/**
 * A platform file (`x.h5.tsx`, `x.weapp.ts`) replaces its base file (`x.tsx`, `x.ts`) in that build
 * only when both have the same extension: Taro's builds look for `x.<platform><ext>` beside the file
 * the import resolved to. A `messageFrame.ts` beside `messageFrame.h5.tsx` went into the H5 build
 * itself (its rows drew nothing), while the component tests, which resolve `.h5.tsx` first, passed.
 */
const PLATFORM_FILE = /^(.*)\.(h5|weapp)\.(tsx?)$/

describe('platform files (docs/ARCHITECTURE.md "Platform")', () => {
  const files = new Set(sourceFiles('src'))

  it('finds the platform files', () => {
    expect([...files].filter((file) => PLATFORM_FILE.test(file)).length).toBeGreaterThan(20)
  })

  it('gives each the extension of the file it replaces', () => {
    const mismatched: string[] = []
    for (const file of files) {
      const match = PLATFORM_FILE.exec(file)
      if (!match) continue
      const [, base, , ext] = match
      const other = ext === 'ts' ? 'tsx' : 'ts'
      if (files.has(`${base}.${other}`) && !files.has(`${base}.${ext}`)) mismatched.push(`${file} beside ${base}.${other}`)
    }
    expect(mismatched).toEqual([])
  })
})
