import './registerDomain'
import path from 'path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import devConfig from './dev'
import prodConfig from './prod'
import { h5CustomRoutes } from '../src/domain/routes'
import { ModuleMapPlugin } from './moduleMap'
import { PrecompressPlugin } from './precompress'
import { CompileHintsPlugin } from './compileHints'
import { FirstScreenManifestPlugin } from './firstScreen'
import { addRemText } from './remText'
import { miniAriaPatch } from '../src/platform/a11y/miniAria'
import { DEMO_BUILD } from '../src/app/buildMode'
import { SubpackageChunksPlugin } from './subpackageChunks'
import { MESSAGE_FRAME_TEMPLATE, TEXT_BUBBLE_TEMPLATE } from '../src/platform/components/messageFrameTemplate'

/**
 * Taro injects its components' stylesheet (taro-components.css) from JavaScript with style-loader,
 * at the top of <head> so app styles override it: 6 KB gzip of the H5 first load that is CSS, not
 * code. In production it goes to the extracted app stylesheet instead (the loader of the app's own
 * styles); it is imported first (by the H5 runtime), so it still comes first there.
 */
function extractTaroComponentStyles(chain: { module: { rule(name: string): ChainRule } }): void {
  const extractLoader = chain.module.rule('customStyle').uses.values()[0]?.get('loader')
  if (!extractLoader) throw new Error("Taro's H5 rule 'customStyle' has no loader: its webpack rules changed")
  const taroStyle = chain.module.rule('taroStyle')
  taroStyle.uses.clear()
  taroStyle.use('extractCss').loader(extractLoader)
}

/**
 * Taro's H5 plugin defines its pull-to-refresh element in the app's entry, which puts the Stencil
 * runtime into every page's first load. The pages that refresh on pull-down define it themselves
 * (src/platform/components/pullDownRefresh.ts); this takes the entry's copy out, and fails the build
 * if Taro's injected lines ever change.
 */
const PULL_TO_REFRESH_IMPORT = "import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'\n"
const PULL_TO_REFRESH_CALL = 'defineCustomElementTaroPullToRefreshCore()\n'

interface LoaderMeta {
  extraImportForWeb: string
  execBeforeCreateWebApp: string
}

function withoutEntryPullToRefresh(args: { loaderMeta?: LoaderMeta }[]): { loaderMeta?: LoaderMeta }[] {
  const meta = args[0]?.loaderMeta
  if (!meta?.extraImportForWeb.includes(PULL_TO_REFRESH_IMPORT) || !meta.execBeforeCreateWebApp.includes(PULL_TO_REFRESH_CALL)) {
    throw new Error("Taro's H5 entry no longer defines its pull-to-refresh element as config/index.ts expects")
  }
  meta.extraImportForWeb = meta.extraImportForWeb.replace(PULL_TO_REFRESH_IMPORT, '')
  meta.execBeforeCreateWebApp = meta.execBeforeCreateWebApp.replace(PULL_TO_REFRESH_CALL, '')
  return args
}

/**
 * Taro's H5 minifier keeps every function's name and quotes every object key (its defaults for H5),
 * and webpack, reading package.json's browserslist (Android 4.1, kept for the stylesheets), wrote its
 * own module wrappers and export getters as ES5 functions. The H5 build runs on what babel.config.js
 * compiles for (iOS 12, Chrome 61: arrows, const, destructuring, async), so its wrappers may too, and
 * names go like any other identifier (nothing reads a function's or a class's name; errors are told
 * apart by `code` and by the `name` they set themselves).
 */
function minifyH5Fully(chain: { set(key: 'target', value: string[]): unknown; optimization: { minimizer(name: string): { tap(f: (args: unknown[]) => unknown[]): unknown } } }): void {
  chain.set('target', ['web', 'es2017'])
  chain.optimization.minimizer('terserPlugin').tap((args) => {
    const [options] = args as TerserArgs
    const terserOptions = {
      ...options.terserOptions,
      keep_fnames: false,
      ecma: 2017,
      compress: { passes: 2 },
      output: { ...options.terserOptions.output, quote_keys: false, keep_quoted_props: false },
    }
    return [{ ...options, terserOptions }]
  })
}

type TerserArgs = [{ terserOptions: { output?: Record<string, unknown> } & Record<string, unknown> } & Record<string, unknown>]

interface ChainRule {
  uses: { values(): { get(key: 'loader'): string | undefined }[]; clear(): void }
  use(name: string): { loader(path: string): unknown }
}

// The wire contract in types/ sits outside src/ and is shared with the server: compile it too.
const sharedSources = [path.resolve(__dirname, '..', 'types')]

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'lesson-companion',
    date: '2026-11-21',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `dist/${process.env.TARO_ENV}`,
    // roles, names and states reach the mini-program's components (src/platform/a11y/miniAria.ts)
    plugins: [
      [path.resolve(__dirname, 'miniA11y.ts'), { patch: miniAriaPatch() }],
      // every mini-program page starts with <page-meta root-font-size="system"> (config/textScale.ts)
      path.resolve(__dirname, 'textScale.ts'),
      // the chat row's frame and text bubble drawn by templates of their own (src/platform/components/messageFrameTemplate.ts)
      [path.resolve(__dirname, 'miniTemplates.ts'), { templates: [MESSAGE_FRAME_TEMPLATE, TEXT_BUBBLE_TEMPLATE] }],
    ],
    // Always defined, so the bundles never reference `process` at run time (absent in browsers).
    defineConstants: {
      'process.env.TARO_APP_API': JSON.stringify(process.env.TARO_APP_API ?? ''),
      'process.env.TARO_APP_PAY_SANDBOX': JSON.stringify(process.env.TARO_APP_PAY_SANDBOX ?? ''),
      'process.env.TARO_APP_ANDROID_STORE_URL': JSON.stringify(process.env.TARO_APP_ANDROID_STORE_URL ?? ''),
      'process.env.TARO_APP_IOS_STORE_URL': JSON.stringify(process.env.TARO_APP_IOS_STORE_URL ?? ''),
      'process.env.TARO_APP_SCHEME': JSON.stringify(process.env.TARO_APP_SCHEME ?? ''),
      'process.env.TARO_APP_DOWNLOAD_DESC_URL': JSON.stringify(process.env.TARO_APP_DOWNLOAD_DESC_URL ?? ''),
      // src/app/buildMode.ts's answer, for the first page: read there, the screen it does not show is dropped
      'process.env.TARO_APP_DEMO_BUILD': JSON.stringify(DEMO_BUILD ? '1' : ''),
    },
    alias: { '@': path.resolve(__dirname, '..', 'src') },
    // Taro's mini-program minifier writes every non-ASCII character as \uXXXX: 6 bytes where UTF-8
    // takes 3, so the Chinese strings of the main package weighed twice their size against its budget.
    // WeChat reads the package's JS as UTF-8. (H5's minifier already keeps UTF-8.)
    terser: { enable: true, config: { output: { ascii_only: false } } },
    copy: {
      // H5 GETs the country list of the phone dialogs as a static file (spec 000 §7); the mini-program bundles it
      patterns:
        process.env.TARO_ENV === 'h5' ? [{ from: 'src/features/login/countries.json', to: 'dist/h5/static/countries.json' }] : [],
      options: {},
    },
    framework: process.env.TARO_ENV === 'h5' ? 'preact' : 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    // Mini-program only: Taro writes base.wxml (main package) with one set of templates per nesting
    // level, 16 by default, each level about 3.6 KB; a lesson's deepest node (a video's poster) sits at
    // level 8 (test/weapp/templateDepth.test.ts fails with 7), 10 leaves the rows two levels of room;
    // deeper nodes would render through Taro's recursive `comp` component (issue 36 item 3)
    baseLevel: 10,
    mini: {
      compile: { include: sharedSources },
      // dist/weapp.modules.json: which source modules each emitted file holds (the weapp tests check the
      // main package against it)
      webpackChain(chain) {
        chain.plugin('moduleMap').use(ModuleMapPlugin, [path.resolve(__dirname, '..')])
        // import() fetches its chunk from a subpackage with WeChat's require.async
        chain.plugin('subpackageChunks').use(SubpackageChunksPlugin)
        // mobx's own minified build: its ESM source minifies 8.6 KB larger in the main package
        chain.resolve.alias.set('mobx$', path.resolve(__dirname, '..', 'node_modules/mobx/dist/mobx.esm.production.min.js'))
        // text sizes in rem, which follow the reader's WeChat font size (1rem = 32 design px at the standard size)
        addRemText(chain, { designPxPerRem: 32 })
      },
      // Component stylesheets are scoped by class name, so cross-chunk import order is irrelevant.
      miniCssExtractPluginOption: { ignoreOrder: true },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
    h5: {
      compile: { include: sharedSources },
      publicPath: '/',
      staticDirectory: 'static',
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js',
      },
      // Taro splits only initial chunks, so every page chunk carried its own copy of mobx, the
      // stores, swiper and the shared cells. Code two pages share goes to a cached chunk of its own
      // for each set of pages sharing it (one named chunk lumped everything any two pages shared,
      // swiper and the login dialogs included, into every page's first load). A shared piece under
      // 30 KB stays in each page chunk that uses it: split finer, the lesson page asked for 22
      // scripts and 9 stylesheets one after another (7 scripts now, 4 KB gzip less of wrappers).
      webpackChain(chain) {
        if (process.env.NODE_ENV === 'production') {
          chain.plugin('precompress').use(PrecompressPlugin)
          chain.plugin('compileHints').use(CompileHintsPlugin)
          chain.plugin('firstScreenManifest').use(FirstScreenManifestPlugin)
          // dist/h5.modules.json: which source modules each script holds (test/e2e/firstLoad checks
          // what the lesson's first row loads against it)
          chain.plugin('moduleMap').use(ModuleMapPlugin, [path.resolve(__dirname, '..')])
          extractTaroComponentStyles(chain)
          minifyH5Fully(chain)
          // mobx's own minified build: its ESM source minifies ~1 KB gzip larger (its private names stay long)
          chain.resolve.alias.set('mobx$', path.resolve(__dirname, '..', 'node_modules/mobx/dist/mobx.esm.production.min.js'))
        }
        chain.plugin('mainPlugin').tap(withoutEntryPullToRefresh)
        const split = chain.optimization.get('splitChunks') as { cacheGroups?: Record<string, unknown> } | false
        if (!split) return
        chain.optimization.splitChunks({
          ...split,
          cacheGroups: {
            ...split.cacheGroups,
            pagesShared: { chunks: 'async', minChunks: 2, minSize: 30000, priority: -20, reuseExistingChunk: true },
          },
        })
      },
      router: {
        mode: 'browser',
        // One table (src/domain/routes.ts) gives every page its legacy paths.
        customRoutes: h5CustomRoutes(),
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false, config: { namingPattern: 'module', generateScopedName: '[name]__[local]___[hash:base64:5]' } },
      },
    },
  }
  if (process.env.NODE_ENV === 'development') {
    return merge({}, baseConfig, devConfig)
  }
  return merge({}, baseConfig, prodConfig)
})
