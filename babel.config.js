// Taro's preset compiles the app (React, TypeScript, per-platform polyfills).
//
// H5 compiles for the browsers it can run in at all, not package.json's browserslist (kept for the
// mini-program and the stylesheets): the H5 build needs custom elements v1 (Taro's components),
// Proxy (mobx 6) and fetch (platform/http) without polyfills, so Chrome/Android WebView 61 is its
// floor (WeChat's in-app browser is newer). iOS 12 is the floor of the audience (WeChat's own iOS
// floor): iOS 11.0 still made every object spread a helper call in the first load (native since
// 11.3). Older targets only made every async function a regenerator and every class a helper call.
const h5Targets = { ios: '12', chrome: '61', android: '61' }

// What preset-env's `bugfixes` option does (Taro's preset does not pass it on): iOS 12-16 have a bug
// in an edge case of destructuring, of parameters and of tagged templates, so by default every
// destructuring, default parameter and template literal was compiled down for them (slicedToArray,
// `arguments[0]`, "".concat). Instead only the edge cases are: the two Safari fixes below. The
// third (tagged template caching) has nothing to fix: the app writes no tagged template.
const h5NativeSyntax = ['transform-destructuring', 'transform-parameters', 'transform-template-literals']
const fromPresetEnv = (name) => require.resolve(name, { paths: [require.resolve('@babel/preset-env')] })
const h5SafariFixes = [
  fromPresetEnv('@babel/plugin-bugfix-safari-rest-destructuring-rhs-array'),
  fromPresetEnv('@babel/plugin-bugfix-safari-id-destructuring-collision-in-function-expression'),
]

const h5 = process.env.TARO_ENV === 'h5'

// Class fields (Chrome 72, iOS 14) stay compiled, as assignments in the constructor rather than a
// defineProperty helper call each: no class of the app has a setter of the same name on its
// prototype, where the two would differ, and mobx makes the fields observable after either.
const h5Assumptions = { setPublicClassFields: true }

// The mini-program's JavaScript runs on what its base library floor allows (README "Deploying the
// mini-program": 2.15.0 or later, which WeChat serves to clients on iOS 10 and later, whose
// JavaScriptCore runs ES2015; Android runs V8): classes, arrows, spread and generators stay native,
// where Android 4.1 / iOS 8 made each a helper call (54 KB of the main package, issue 36 item 3).
// It keeps import() too (Taro's preset makes it a require): such code is fetched from a subpackage
// with require.async (config/subpackageChunks.ts).
const weappTargets = { ios: '10', chrome: '53', android: '53' }

module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', ...(h5 ? { targets: h5Targets, exclude: h5NativeSyntax } : { targets: weappTargets, 'dynamic-import-node': false }) }]],
  plugins: h5 ? h5SafariFixes : [],
  ...(h5 ? { assumptions: h5Assumptions } : {}),
}
