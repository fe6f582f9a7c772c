// Taro's preset compiles the app (React, TypeScript, per-platform polyfills).
//
// H5 compiles for the browsers it can run in at all, not package.json's browserslist (kept for the
// mini-program and the stylesheets): the H5 build needs custom elements v1 (Taro's components),
// Proxy (mobx 6) and fetch (platform/http) without polyfills, so iOS 11 and Chrome/Android WebView
// 61 are its floor (WeChat's in-app browser is newer). Older targets only made every async function
// a regenerator and every class a helper call in the first load.
const h5Targets = { ios: '11', chrome: '61', android: '61' }

// The mini-program's JavaScript runs on what its base library floor allows (README "Deploying the
// mini-program": 2.15.0 or later, which WeChat serves to clients on iOS 10 and later, whose
// JavaScriptCore runs ES2015; Android runs V8): classes, arrows, spread and generators stay native,
// where Android 4.1 / iOS 8 made each a helper call (54 KB of the main package, issue 36 item 3).
// It keeps import() too (Taro's preset makes it a require): such code is fetched from a subpackage
// with require.async (config/subpackageChunks.ts).
const weappTargets = { ios: '10', chrome: '53', android: '53' }

module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', ...(process.env.TARO_ENV === 'h5' ? { targets: h5Targets } : { targets: weappTargets, 'dynamic-import-node': false }) }]],
}
