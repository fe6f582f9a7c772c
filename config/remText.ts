import type { AcceptedPlugin, Declaration, PluginCreator } from 'postcss'
import type Chain from 'webpack-chain'

export interface RemTextOptions {
  /** Design px in one rem: 32 on the 750 px design, so 1rem is 16 CSS px on a 375 px phone. */
  designPxPerRem: number
}

/**
 * What grows with the text: its size and spacing, and the heights that hold it (rows and tap targets
 * are min-heights, never fixed heights). Widths, margins, borders, images and horizontal padding are
 * layout: they keep following the screen's width in rpx.
 */
const TEXT_PROPS = new Set(['font-size', 'line-height', 'letter-spacing', 'min-height', 'padding-top', 'padding-bottom'])

/** A design length as Taro writes it: px before its pxtransform runs, rpx after (1 rpx per design px at 750). */
const DESIGN_LENGTH = /^-?\d*\.?\d+r?px$/
const ANY_DESIGN_LENGTH = /(-?\d*\.?\d+)r?px\b/g

/**
 * A rule holding the comment `rem-text: off` keeps its text in rpx: a glyph drawn as an icon in a
 * fixed box, or a docked control whose height other rules must match exactly.
 */
const REM_TEXT_OFF = 'rem-text: off'

const round = (value: number): string => String(Math.round(value * 100000) / 100000)

/**
 * Mini-program only: writes text sizes in rem, which WeChat scales with the reader's font setting
 * through `<page-meta root-font-size="system">` (config/textScale.ts puts it on every page). H5 needs
 * none of this: there every length is rem already, over a root that follows the browser's text size
 * (src/index.html).
 */
export const remText: PluginCreator<RemTextOptions> = (options) => {
  const designPxPerRem = options?.designPxPerRem ?? 32
  const toRem = (designPx: string): string => (Number(designPx) === 0 ? '0' : `${round(Number(designPx) / designPxPerRem)}rem`)
  const lengthsToRem = (value: string): string => value.replace(ANY_DESIGN_LENGTH, (_, designPx: string) => toRem(designPx))

  /** `padding: v h`, `t h b`, `t r b l`: the vertical parts only; a value with calc(), var() or env() stays. */
  const verticalPadding = (decl: Declaration): void => {
    const parts = decl.value.trim().split(/\s+/)
    if (parts.length > 4 || !parts.every((part) => part === '0' || DESIGN_LENGTH.test(part))) return
    const [top, right = top, bottom = top, left = right] = parts
    decl.value = [lengthsToRem(top), right, lengthsToRem(bottom), left].join(' ')
  }

  return {
    postcssPlugin: 'rem-text',
    Declaration(decl) {
      if (decl.parent?.some((node) => node.type === 'comment' && node.text === REM_TEXT_OFF)) return
      if (decl.prop === 'padding') verticalPadding(decl)
      else if (TEXT_PROPS.has(decl.prop)) decl.value = lengthsToRem(decl.value)
    },
  }
}
remText.postcss = true

interface PostcssLoaderOptions {
  postcssOptions?: { plugins?: AcceptedPlugin[] }
}

/**
 * Appends `remText` to every postcss-loader of the mini-program build, after Taro's pxtransform.
 * (Taro's `mini.postcss` can name only plugins it can `require` as CommonJS; config/ is TypeScript.)
 */
export function addRemText(chain: Chain, options: RemTextOptions): void {
  const plugin = remText(options)
  for (const rule of chain.module.rules.values()) {
    for (const oneOf of rule.oneOfs.values()) {
      for (const use of oneOf.uses.values()) {
        if (!String(use.get('loader')).includes('postcss-loader')) continue
        use.tap((loaderOptions: PostcssLoaderOptions) => ({
          ...loaderOptions,
          postcssOptions: { ...loaderOptions.postcssOptions, plugins: [...(loaderOptions.postcssOptions?.plugins ?? []), plugin] },
        }))
      }
    }
  }
}
