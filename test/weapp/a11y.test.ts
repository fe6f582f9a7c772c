/**
 * @jest-environment jsdom
 */
import { loadPage, type LoadedPage } from './harness'
import { all, attributeOf, templateAttributeOf } from './taroTree'

/**
 * Roles, names and states reach the compiled mini-program (issue 18): Taro's templates do not
 * carry WeChat's aria-* attributes, so config/miniA11y.ts adds them at build time and
 * src/platform/a11y/index.weapp.ts at run time (and maps `role` to `aria-role`). These read what
 * the page data binds to the attributes of the rendered base.wxml nodes.
 */
describe('aria attributes in the mini-program build', () => {
  let page: LoadedPage | undefined
  afterEach(async () => {
    await page?.close()
    page = undefined
  })

  it('gives the free preview pay button its role and state', async () => {
    const loaded = await loadPage('pages/lesson/index', { courseData: 'demo-paid' })
    page = loaded
    await loaded.waitFor(() => loaded.root.querySelectorAll('.lesson-preview-bar__button').length > 0)
    expect(attributeOf(loaded, all(loaded, '.lesson-preview-bar__button')[0], 'aria-role')).toBe('button')
    expect(attributeOf(loaded, all(loaded, '.lesson-preview-bar__button')[0], 'aria-disabled')).toBe('false')
  })

  it('names voice bubbles, avatars and pictures of a lesson', async () => {
    const loaded = await loadPage('pages/lesson/index', { courseData: 'demo-all-types' })
    page = loaded
    await loaded.waitFor(() => loaded.root.querySelectorAll('.voice-cell').length > 0)
    const voice = all(loaded, '.voice-cell')[0]
    expect(attributeOf(loaded, voice, 'aria-role')).toBe('button')
    expect(attributeOf(loaded, voice, 'aria-label')).toMatch(/^语音，\d+ 秒，来自 \S+，未播放$/)

    // the row's frame is drawn by a template of its own (src/platform/components/messageFrame.tsx)
    const avatar = all(loaded, '.message-row__avatar')[0]
    expect(templateAttributeOf(loaded, avatar, 'aria-label')).toBe('林老师')
    const picture = all(loaded, '.cell-image__img')[0]
    expect(attributeOf(loaded, picture, 'aria-label')).toMatch(/ 发送的图片$/)
  })
})
