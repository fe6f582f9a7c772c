/**
 * Pull-down refresh on a page whose config sets `enablePullDownRefresh: true`: call this at the
 * top of that page's module. The mini-program has it natively (this does nothing there); H5 wraps
 * such a page in Taro's `taro-pull-to-refresh-core` element, which pullDownRefresh.h5.ts defines
 * when the page's chunk loads, before the page renders. Taro would define it at app start, which
 * brought the Stencil runtime into every page's first load (issue 16).
 */
export function preparePullDownRefresh(): void {
  // the mini-program's pull-down refresh is native
}
