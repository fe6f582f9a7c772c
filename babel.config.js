// Taro's preset compiles the app (React, TypeScript, per-platform polyfills).
//
// H5 compiles for the browsers it can run in at all, not package.json's browserslist (kept for the
// mini-program and the stylesheets): the H5 build needs custom elements v1 (Taro's components),
// Proxy (mobx 6) and fetch (platform/http) without polyfills, so iOS 11 and Chrome/Android WebView
// 61 are its floor (WeChat's in-app browser is newer). Older targets only made every async function
// a regenerator and every class a helper call in the first load.
const h5Targets = { ios: '11', chrome: '61', android: '61' }

module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5', ...(process.env.TARO_ENV === 'h5' ? { targets: h5Targets } : {}) }]],
}
