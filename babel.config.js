// Taro's preset compiles the app (React, TypeScript, per-platform polyfills).
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
}
