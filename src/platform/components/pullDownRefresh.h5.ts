import { defineCustomElement } from '@tarojs/components/dist/components/taro-pull-to-refresh-core.js'

/** Defines Taro's pull-to-refresh element (pullDownRefresh.ts says when to call this). */
export function preparePullDownRefresh(): void {
  defineCustomElement()
}
