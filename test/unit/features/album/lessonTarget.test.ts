import { lessonPageUrl } from '../../../../src/features/album/lessonTarget'
import { isWebUrl } from '../../../../src/platform/link/webUrl'
import { toPageUrl } from '../../../../src/domain/routes'

describe('lessonPageUrl: where an album row opens', () => {
  it.each([
    ['http://127.0.0.1:3000/lesson?courseData=demo-open', toPageUrl('Lesson', { courseData: 'demo-open' })],
    ['https://h5.example.com/lesson/1?data=legacy-open', toPageUrl('Lesson', { data: 'legacy-open', isPayLesson: '1' })],
    ['/lessonPay/share/demo-paid/1', toPageUrl('LessonPay', { type: 'share', courseData: 'demo-paid', payType: '1' })],
  ])('%s opens in the app', (courseUrl, page) => {
    expect(lessonPageUrl(courseUrl)).toBe(page)
  })

  it.each(['', 'javascript:alert(1)', 'https://other.example.com/not/a/route', 'mailto:a@b.c', '//evil.example.com'])(
    '%p is not a page of the app',
    (courseUrl) => {
      expect(lessonPageUrl(courseUrl)).toBeUndefined()
    },
  )
})

describe('isWebUrl: what may be left for', () => {
  it.each(['https://open.weixin.qq.com/connect/oauth2/authorize?appid=x', 'http://127.0.0.1:3000/lesson', ' https://a.b '])('%p is a web page', (url) => {
    expect(isWebUrl(url)).toBe(true)
  })

  it.each(['javascript:alert(1)', 'data:text/html,hi', '/lesson', 'https://', 'ftp://x.y', ''])('%p is refused', (url) => {
    expect(isWebUrl(url)).toBe(false)
  })
})
