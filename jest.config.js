/**
 * Five projects, all run by `npm test` (scripts/test.mjs):
 * - unit:      src/domain, src/api, src/stores, scripts: plain node, babel (env + typescript)
 * - server:    the reference API server through fastify.inject, SQLite in memory
 * - component: screens on Taro's H5 runtime under jsdom (@tarojs/test-utils-react preset)
 * - weapp:     miniprogram-simulate on the compiled dist/weapp (needs `npm run build:weapp`)
 * - e2e:       playwright-core + Debian chromium against the built H5 served by the server
 */
const nodeBabel = [
  'babel-jest',
  {
    babelrc: false,
    configFile: false,
    presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
  },
]

const weappBabel = [nodeBabel[0], { ...nodeBabel[1], plugins: [`${__dirname}/test/weapp/requireAsync.babel.js`] }]

const nodeProject = (displayName, roots, extra = {}) => ({
  displayName,
  testEnvironment: 'node',
  roots,
  testMatch: ['**/*.test.ts'],
  transform: { '\\.[jt]sx?$': nodeBabel },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
  ...extra,
})

// fastify.inject (light-my-request) pulls in the ESM-only `cookie`: let babel compile just that.
const serverModules = { transformIgnorePatterns: ['/node_modules/(?!cookie/)'] }

// Required plainly: a project that cannot load fails the run instead of dropping its tests.
const componentProject = require('./test/component/jest.project.js')

module.exports = {
  // weapp and e2e tests build and drive real runtimes; their own timeouts are set per file.
  testTimeout: 30000,
  projects: [
    nodeProject('unit', ['<rootDir>/test/unit'], serverModules),
    nodeProject('server', ['<rootDir>/test/server'], serverModules),
    componentProject,
    nodeProject('weapp', ['<rootDir>/test/weapp'], {
      ...serverModules,
      // dist/weapp loads code on demand with WeChat's require.async (test/weapp/requireAsync.babel.js)
      transform: { '\\.[jt]sx?$': weappBabel },
      testEnvironment: 'jsdom',
      setupFiles: ['<rootDir>/test/weapp/setup.ts'],
      // the server these tests start runs in jsdom, whose `browser` condition would pick ws's client-only build
      moduleNameMapper: { '^ws$': '<rootDir>/node_modules/ws/index.js' },
    }),
    nodeProject('e2e', ['<rootDir>/test/e2e'], serverModules),
  ],
}
