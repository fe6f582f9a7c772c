import type { IPluginContext } from '@tarojs/service'

/** The first node of every page: rem follows the reader's WeChat font size (base library 2.11.0+). */
export const SYSTEM_PAGE_META = '<page-meta root-font-size="system"></page-meta>'

interface PageTemplateBuilder {
  buildPageTemplate: (baseTempPath: string, page?: { content?: { enablePageMeta?: boolean } }) => string
  mergeComponents?: (ctx: IPluginContext, patch: Record<string, Record<string, string>>) => void
}

/**
 * Mini-program half of text scaling: every page's template starts with `<page-meta
 * root-font-size="system">`, so the rem text sizes (config/remText.ts) follow the reader's font
 * setting. It is done here, once, so a new page gets it without anyone remembering: no page component
 * renders a PageMeta and no page config sets `enablePageMeta`. A page that does enable Taro's own
 * PageMeta (Taro then writes a bound page-meta itself) gets `system` as its default root font size.
 */
export default function textScale(ctx: IPluginContext): void {
  ctx.registerMethod({
    name: 'onSetupClose',
    fn(platform: { template?: PageTemplateBuilder }) {
      const template = platform.template
      if (!template) return
      template.mergeComponents?.(ctx, { PageMeta: { 'root-font-size': "'system'" } })
      const build = template.buildPageTemplate
      template.buildPageTemplate = (baseTempPath, page) => {
        const wxml = build(baseTempPath, page)
        // components share this builder without a page; a page with Taro's PageMeta has its own node
        if (!page || page.content?.enablePageMeta) return wxml
        return wxml.replace(/^(<import [^>]*\/>)/, `$1\n${SYSTEM_PAGE_META}`)
      }
    },
  })
}
