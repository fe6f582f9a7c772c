import { previousPageUrl } from '../../../src/domain/pageStack'

describe('previousPageUrl (the /refresh page)', () => {
  it('rebuilds a mini-program page from route + options, dropping Taro bookkeeping', () => {
    expect(previousPageUrl([{ route: 'pages/lesson/index', options: { courseData: 'a b', stamp: '1', $taroTimestamp: '2' } }])).toBe(
      '/pages/lesson/index?courseData=a%20b',
    )
  })

  it('uses the last entry of the stack, and an H5 path when there is no route', () => {
    expect(previousPageUrl([{ route: 'pages/launcher/index' }, { path: '/pages/lesson/index?x=1' }])).toBe('/pages/lesson/index')
    expect(previousPageUrl([{ path: '/pages/lesson/index', options: { x: '1' } }])).toBe('/pages/lesson/index?x=1')
  })

  it('has nothing to return to on an empty stack or a page without a path', () => {
    expect(previousPageUrl([])).toBeUndefined()
    expect(previousPageUrl([{ options: { a: '1' } }])).toBeUndefined()
  })
})
