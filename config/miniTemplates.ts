import type { IPluginContext } from '@tarojs/service'

export interface MiniTemplatesOptions {
  /** templates appended to base.wxml, from src/platform (config/index.ts passes them) */
  templates: string[]
}

interface BaseTemplateBuilder {
  buildTemplate?: (componentConfig: unknown) => string
}

/**
 * Adds the app's own templates to the mini-program's base.wxml, beside Taro's: a node whose name has
 * one is drawn by it (src/platform/components/messageFrameTemplate.ts). Taro compiles only config/
 * when it loads plugins, so the templates arrive as the plugin's options.
 */
export default function miniTemplates(ctx: IPluginContext, options: MiniTemplatesOptions): void {
  ctx.registerMethod({
    name: 'onSetupClose',
    fn(platform: { template?: BaseTemplateBuilder }) {
      // H5 has no templates
      const template = platform.template
      if (!template) return
      const build = template.buildTemplate
      if (!build) throw new Error("miniTemplates: Taro's template builder has no buildTemplate")
      template.buildTemplate = (componentConfig) => `${build(componentConfig)}\n${options.templates.join('\n')}\n`
    },
  })
}
