// Order matters: Taro first, then the React adapter for Taro's hooks.
import '@tarojs/taro'
import * as React from 'react'
import * as ReactDOM from 'react-dom'
import { createH5NativeComponentConfig } from '@tarojs/plugin-framework-react/dist/runtime'
import { Current } from '@tarojs/runtime'

process.env.TARO_ENV = 'h5'
process.env.TARO_PLATFORM = 'web'
;(globalThis as unknown as { React: typeof React }).React = React
createH5NativeComponentConfig(() => null, React, ReactDOM)

// Tests change the screen only inside React's act (TestUtils' mount and fireEvent, act.ts). Saying so
// is what React 18 asks of a test environment; it then reports any update a test lets happen outside act.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

// Taro H5 runs selector queries (the lesson list measuring its rows, scroll targets) inside the
// current page's element, whose id is the page's path. Tests render into <body>: it is that page.
const TEST_PAGE = 'component-test-page'
document.body.id = TEST_PAGE
Current.page = { path: TEST_PAGE }
