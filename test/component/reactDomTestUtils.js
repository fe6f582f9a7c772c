/**
 * Stands in for `react-dom/test-utils` (mapped in jest.project.js). @tarojs/test-utils-react takes only
 * `act` from it (dist/act-compat.js), and in React 18.3 that export is a deprecated alias which prints
 * "`ReactDOMTestUtils.act` is deprecated in favor of `React.act`" and then calls `React.act`. Handing
 * the library `React.act` itself is the change React asks for, made where the library imports it.
 * Nothing else of react-dom/test-utils is available to tests: use React's `act` and Taro's fireEvent.
 */
const { act } = require('react')

module.exports = { act }
