/**
 * The mini-program subpackage with no pages of its own: code of the main package's pages that they
 * load only when the reader asks for it, with `import(/* webpackChunkName: "packages/deferred/<name>" *\/ …)`,
 * so WeChat does not download it before the first page (config/subpackageChunks.ts, issue 36).
 */
export const DEFERRED_PACKAGE: { readonly root: string; readonly pages: string[] } = { root: 'packages/deferred', pages: [] }
