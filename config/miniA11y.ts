import type { IPluginContext } from '@tarojs/service'

export interface MiniA11yOptions {
  /** Taro's component patch, from src/platform/a11y/miniAria.ts (config/index.ts passes it) */
  patch: Record<string, Record<string, string>>
}

/**
 * Build-time half of the mini-program aria patch (src/platform/a11y/miniAria.ts): adds WeChat's
 * `aria-*` attributes to the templates of View, Text, Button and Image, so what the UI sets reaches
 * the page. H5 needs nothing: its custom elements keep every attribute. Taro compiles only config/
 * when it loads plugins, so the patch arrives as the plugin's options.
 */
export default function miniA11y(ctx: IPluginContext, options: MiniA11yOptions): void {
  ctx.registerMethod({
    name: 'onSetupClose',
    fn(platform: { template?: { mergeComponents?: (ctx: IPluginContext, patch: MiniA11yOptions['patch']) => void } }) {
      platform.template?.mergeComponents?.(ctx, options.patch)
    },
  })
}
