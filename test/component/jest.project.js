/**
 * Component tests: screens on Taro's H5 runtime under jsdom (with @tarojs/test-utils-react).
 * Platform files resolve as in the H5 build (`.h5.ts` first).
 */
const path = require('path')
const defineJestConfig = require('@tarojs/test-utils-react/dist/jest.js').default

const transpiled = ['@tarojs', '@stencil', 'lodash-es', 'swiper', 'ssr-window', 'dom7', 'query-string', 'decode-uri-component', 'split-on-first', 'filter-obj']

const base = defineJestConfig({
  displayName: 'component',
  rootDir: path.resolve(__dirname, '../..'),
  roots: ['<rootDir>/test/component'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFiles: [require.resolve('@tarojs/test-utils-react/dist/jest/jest.setup.js'), path.join(__dirname, 'setup.ts')],
  moduleFileExtensions: ['h5.ts', 'h5.tsx', 'ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  // Ignore node_modules unless a whitelisted package appears anywhere in the path (Taro nests some).
  transformIgnorePatterns: [`^(?!.*/node_modules/(${transpiled.join('|')})/).*/node_modules/`],
  moduleNameMapper: {
    // the library's act, without the deprecated alias in between (see the file)
    '^react-dom/test-utils$': path.join(__dirname, 'reactDomTestUtils.js'),
    '\\.(css|scss|sass|less)$': path.join(__dirname, 'styleStub.js'),
    '\\.(png|jpe?g|gif|svg)$': path.join(__dirname, 'styleStub.js'),
  },
})

base.transform = {
  '^.+\\.(js|jsx|ts|tsx|mjs)$': require.resolve('@tarojs/test-utils-react/dist/jest/babel-transformer.js'),
}
delete base.bail
delete base.verbose
delete base.collectCoverageFrom

module.exports = base
