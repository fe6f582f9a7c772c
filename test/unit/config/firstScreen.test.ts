import { firstScreenStyle, stylesFirstScreen } from '../../../config/firstScreen'

/** The rules the build keeps for the server's first screen (config/firstScreen.ts, src/domain/firstScreen.ts). */
describe('stylesFirstScreen', () => {
  it.each([
    '.message-row',
    '.lesson.lesson--rail .lesson__list',
    '.bubble--text>.bubble__text',
    'taro-view-core',
    'taro-text-core[user-select=true]',
    // the first screen draws a playable voice stopped (issue 36 item 1)
    '.bubble--voice .voice-cell--stopped',
    'img[src=""]',
    '.message-row__avatar img.taro-img__mode-aspectfill',
    '.cell-text + .cell-text',
  ])('keeps %s', (selector) => {
    expect(stylesFirstScreen(selector)).toBe(true)
  })

  it.each([
    ['a class it never writes', '.cell-file'],
    ['a class beside one it writes', '.message-row .cell-file'],
    ['a compound with another class', '.bubble.bubble--placeholder'],
    ['a pseudo-class', '.bubble--text:active'],
    ['a pseudo-element', '.bubble::after'],
    ['another element', 'body'],
    ['an element beside one it writes', 'taro-view-core > button'],
    ['an id', '#app .message-row'],
    ['the universal selector', '*'],
    ['an attribute alone', '[hidden]'],
    ['a class hidden in an attribute value', '[class=".message-row"] .cell-file'],
  ])('drops %s (%s)', (_what, selector) => {
    expect(stylesFirstScreen(selector)).toBe(false)
  })
})

describe('firstScreenStyle', () => {
  it('keeps the selectors it styles from each rule, and the media blocks around them, in order', () => {
    const css = [
      '.message-row{display:flex}.cell-file{width:10px}.bubble,.cell-file__ext{background:#fff}',
      '@media (min-width:600px){.lesson__list{padding:0 2rem}.cell-file{width:0}}@media print{.cell-file{display:none}}',
    ]
    expect(firstScreenStyle(css)).toBe('.message-row{display:flex}.bubble{background:#fff}@media (min-width:600px){.lesson__list{padding:0 2rem}}')
  })

  it('drops keyframes, font faces, imports and comments', () => {
    const css = '@keyframes spin{to{transform:rotate(1turn)}}@font-face{font-family:x;src:url(x.woff2)}@import "x.css";/* note */.bubble__text{color:#111}'
    expect(firstScreenStyle([css])).toBe('.bubble__text{color:#111}')
  })

  it('gives nothing for stylesheets with none of its rules', () => {
    expect(firstScreenStyle(['.cell-file{width:1px}', ''])).toBe('')
  })
})
