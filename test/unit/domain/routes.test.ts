import zhRoute from '../../../src/locales/zh-CN/route'
import enRoute from '../../../src/locales/en/route'
import fs from 'fs'
import path from 'path'
import fc from 'fast-check'
import {
  ROUTES,
  ROUTE_ALIASES,
  appPages,
  h5CustomRoutes,
  resolvePath,
  routeByName,
  subPackages,
  toH5Path,
  toPageUrl,
  type Route,
  type RouteName,
} from '../../../src/domain/routes'

// A JSON invite payload encoded twice, as the app shares /welcome/{info} links.
const INFO_JSON = '{"usrname":"小明","data":"a+b/c=="}'
const INFO_ONCE = encodeURIComponent(INFO_JSON)
const INFO_TWICE = encodeURIComponent(INFO_ONCE)

type Case = [url: string, name: RouteName, params: Record<string, string>]

const LEGACY_PATHS: Case[] = [
  // lesson viewer
  ['/lesson', 'Lesson', {}],
  ['/lesson/1', 'Lesson', { isPayLesson: '1' }],
  ['/lesson/1?data=abc', 'Lesson', { isPayLesson: '1', data: 'abc' }],
  ['/lesson?data=abc', 'Lesson', { data: 'abc' }],
  ['/playLesson', 'Lesson', {}],
  ['/playLesson?data=OLD', 'Lesson', { data: 'OLD' }],
  // pay page, every variant
  ['/lessonPay', 'LessonPay', {}],
  ['/lessonPay/1/DATA', 'LessonPay', { type: '1', data: 'DATA' }],
  ['/lessonPay/login/LOGIN', 'LessonPay', { type: 'login', data: 'LOGIN' }],
  ['/lessonPay/1/DATA/2', 'LessonPay', { type: '1', data: 'DATA', payType: '2' }],
  ['/lessonPay/1/DATA/2/wm9', 'LessonPay', { type: '1', data: 'DATA', payType: '2', inviterWmid: 'wm9' }],
  ['/lessonPay/share/ABC/1', 'LessonPay', { type: 'share', courseData: 'ABC', payType: '1' }],
  ['/lessonPay/share/ABC/1/wm9', 'LessonPay', { type: 'share', data: 'ABC', payType: '1', inviterWmid: 'wm9' }],
  // invite landing pages
  ['/welcome/' + INFO_TWICE, 'Welcome', { info: INFO_ONCE }],
  ['/groupWelcome/' + INFO_TWICE, 'GroupWelcome', { info: INFO_ONCE }],
  ['/friendWelcomeWithPhone/' + INFO_TWICE, 'FriendWelcomeWithPhone', { info: INFO_ONCE }],
  ['/groupWelcomeWithPhone/' + INFO_TWICE, 'GroupWelcomeWithPhone', { info: INFO_ONCE }],
  ['/welcome', 'Welcome', {}],
  ['/groupWelcome', 'GroupWelcome', {}],
  ['/friendWelcomeWithPhone?info=' + INFO_ONCE, 'FriendWelcomeWithPhone', { info: INFO_JSON }],
  ['/groupWelcomeWithPhone', 'GroupWelcomeWithPhone', {}],
  ['/wmShare?pwd=%24abc%24&name=%E5%B0%8F%E6%98%8E', 'WmShare', { pwd: '$abc$', name: '小明' }],
  ['/pay4group?gid=1&wmid=2&password=p&paySuccess=1&tradeNo=T', 'Pay4group', {
    gid: '1', wmid: '2', password: 'p', paySuccess: '1', tradeNo: 'T',
  }],
  ['/wXpasswordWelcome?gid=1&wmid=2&version=3&isOpenWeimai=1', 'WXpasswordWelcome', {
    gid: '1', wmid: '2', version: '3', isOpenWeimai: '1',
  }],
  ['/downloadWm', 'DownloadWm', {}],
  ['/openWeimai', 'OpenWeimai', {}],
  ['/invite?d=3', 'Invite', { d: '3' }],
  // live
  ['/liveHome', 'LiveHome', {}],
  ['/liveHome/DATA', 'LiveHome', { data: 'DATA' }],
  ['/liveHome/2/DATA?groupid=g1', 'LiveHome', { type: '2', data: 'DATA', groupid: 'g1' }],
  ['/liveHomeAdmin', 'LiveHomeAdmin', {}],
  ['/liveEnd', 'LiveEnd', {}],
  ['/liveSubscribeNoti?openid=o1', 'LiveSubscribeNoti', { openid: 'o1' }],
  // profile and money
  ['/profile', 'Profile', {}],
  ['/profile/LOGIN', 'Profile', { data: 'LOGIN' }],
  ['/withdraw', 'Withdraw', {}],
  ['/withdrawAction', 'WithdrawAction', {}],
  ['/withdrawBindCard?isBindCard=1', 'WithdrawBindCard', { isBindCard: '1' }],
  ['/withdrawBindCardEdit?cardInfo=%7B%22bankNo%22%3A%226222%22%7D', 'WithdrawBindCardEdit', {
    cardInfo: '{"bankNo":"6222"}',
  }],
  // vip
  ['/vipExchange/DATA', 'VipExchange', { data: 'DATA' }],
  ['/vipExchange', 'VipExchange', {}],
  ['/vipExchange2', 'VipExchange2', {}],
  ['/vipExchange3', 'VipExchange3', {}],
  ['/vipExchange4', 'VipExchange4', {}],
  ['/vipAlert', 'VipAlert', {}],
  // older viewers kept alive
  ['/lessonComplain/DATA', 'LessonComplain', { data: 'DATA' }],
  ['/lessonAdmin/DATA', 'LessonAdmin', { data: 'DATA' }],
  ['/lessonComplain', 'LessonComplain', {}],
  ['/lessonAdmin?data=DATA', 'LessonAdmin', { data: 'DATA' }],
  // the rest
  ['/illegal', 'Illegal', {}],
  ['/refresh', 'Refresh', {}],
  ['/addFaceWM?d=x', 'AddFaceWM', { d: 'x' }],
  ['/iatTest', 'IatTest', {}],
  ['/lessonAlbum?data=A', 'LessonAlbum', { data: 'A' }],
  ['/tmp', 'Tmp', {}],
  ['/audioPlayer', 'AudioPlayer', {}],
  ['/m4aPlayer', 'M4aPlayer', {}],
  ['/testWmJsApi', 'TestWmJsApi', {}],
  ['/complaint', 'Complaint', {}],
  ['/test', 'Test', {}],
  ['/wmCircleDetail', 'WmCircleDetail', {}],
  ['/groupSpaceDetail', 'GroupSpaceDetail', {}],
  // the app's own
  ['/', 'Launcher', {}],
  ['/launcher', 'Launcher', {}],
  ['/notFound', 'NotFound', {}],
  ['/wmValidate', 'WmValidate', {}],
  ['/transcript', 'Transcript', {}],
  ['/home', 'Home', {}],
  ['/offlineLesson?courseData=c', 'OfflineLesson', { courseData: 'c' }],
]

describe('resolvePath: every legacy path of both spec documents', () => {
  test.each(LEGACY_PATHS)('%s -> %s', (url, name, params) => {
    const resolved = resolvePath(url)
    expect(resolved?.route.name).toBe(name)
    expect(resolved?.params).toEqual(params)
  })

  test('every plain path of the table resolves to its own route', () => {
    for (const r of ROUTES) {
      for (const path of r.paths.filter((p) => !p.includes(':'))) {
        expect(resolvePath(path)?.route.name).toBe(r.name)
      }
    }
  })

  test('every table path appears in the cases above', () => {
    const covered = new Set(LEGACY_PATHS.map(([url]) => url.split('?')[0]))
    for (const r of ROUTES) {
      for (const pattern of r.paths) {
        const shape = new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, '[^/]+')}$`)
        expect([pattern, [...covered].some((url) => shape.test(url))]).toEqual([pattern, true])
      }
    }
  })
})

describe('resolvePath: matching rules', () => {
  test('the share entry is preferred to the generic four-segment pattern', () => {
    expect(resolvePath('/lessonPay/share/X/1')?.params).toEqual({ type: 'share', courseData: 'X', payType: '1' })
    expect(resolvePath('/lessonPay/shared/X/1')?.params).toEqual({ type: 'shared', data: 'X', payType: '1' })
  })

  test('a trailing slash is tolerated, a double one is not', () => {
    expect(resolvePath('/lesson/')?.route.name).toBe('Lesson')
    expect(resolvePath('/lesson/1/')?.params).toEqual({ isPayLesson: '1' })
    expect(resolvePath('/lesson//')).toBeNull()
    expect(resolvePath('//lesson')).toBeNull()
    expect(resolvePath('/lessonPay//D')).toBeNull()
  })

  test('matching is case-sensitive and segment counts are exact', () => {
    expect(resolvePath('/Lesson')).toBeNull()
    expect(resolvePath('/LESSONPAY')).toBeNull()
    expect(resolvePath('/lesson/1/2')).toBeNull()
    expect(resolvePath('/profile/a/b')).toBeNull()
    expect(resolvePath('/lessonPay/1/2/3/4/5')).toBeNull()
  })

  test('unknown paths and non-paths give null', () => {
    for (const url of ['/nope', '/lessonpay', '/vipExchange5', 'lesson', '', '?data=1', '#', 'https://x/lesson']) {
      expect(resolvePath(url)).toBeNull()
    }
  })

  test('path parameters win over query parameters', () => {
    expect(resolvePath('/lesson/1?isPayLesson=0&x=y')?.params).toEqual({ isPayLesson: '1', x: 'y' })
    expect(resolvePath('/lessonPay/share/C/1?type=login')?.params.type).toBe('share')
  })

  test('the hash is ignored on a path, and a hash-mode link resolves through its hash', () => {
    expect(resolvePath('/lesson/1?data=a#b')?.params).toEqual({ isPayLesson: '1', data: 'a' })
    const shared = resolvePath('/?from=singlemessage&data=outer#/lesson/1?data=inner')
    expect(shared?.route.name).toBe('Lesson')
    expect(shared?.params).toEqual({ from: 'singlemessage', isPayLesson: '1', data: 'inner' })
    expect(resolvePath('/#top')?.route.name).toBe('Launcher')
  })

  test('segments and query values are decoded exactly once', () => {
    expect(resolvePath('/profile/a%2Fb%20c')?.params.data).toBe('a/b c')
    expect(resolvePath('/lesson?data=%2541')?.params.data).toBe('%41')
  })

  test('query parsing: plus kept, first of repeated keys, bare keys, "=" inside values', () => {
    expect(resolvePath('/lesson?data=a+b==&data=second&flag&=x&&k=%')?.params).toEqual({
      data: 'a+b==',
      flag: '',
      k: '%',
    })
  })

  test('a __proto__ query key is an ordinary parameter', () => {
    const resolved = resolvePath('/lesson?__proto__=x&a=1')
    expect(resolved?.params.a).toBe('1')
    expect(Object.getPrototypeOf(resolved?.params)).toBe(Object.prototype)
    expect(Object.prototype.hasOwnProperty.call(resolved?.params, '__proto__')).toBe(true)
  })

  test('malformed percent-encoding does not throw and keeps the raw text', () => {
    expect(resolvePath('/welcome/%E0%A4%A')?.params.info).toBe('%E0%A4%A')
    expect(resolvePath('/welcome/%')?.params.info).toBe('%')
    expect(resolvePath('/lesson?data=%ZZ&ok=%41')?.params).toEqual({ data: '%ZZ', ok: 'A' })
    expect(resolvePath('/welcome/%uD800')?.params.info).toBe('%uD800')
  })

  test("the pages' own paths resolve too (mini-program share paths, toPageUrl output)", () => {
    expect(resolvePath('/pages/lesson/index?isPayLesson=1')?.route.name).toBe('Lesson')
    expect(resolvePath('/packages/money/pages/withdraw/index')?.route.name).toBe('Withdraw')
    expect(resolvePath('/pages/withdraw/index')).toBeNull()
  })

  test('property: never throws on arbitrary strings', () => {
    const urlish = fc.stringMatching(/^[/?#%&=a-zA-Z0-9]{0,40}$/)
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit: 'binary' }), urlish), (s) => {
        const resolved = resolvePath(s)
        return resolved === null || typeof resolved.route.name === 'string'
      }),
      { numRuns: 2000 },
    )
  })
})

describe('toPageUrl', () => {
  test('builds the Taro page URL with encoded values, skipping undefined', () => {
    expect(toPageUrl('Lesson')).toBe('/pages/lesson/index')
    expect(toPageUrl('Lesson', { isPayLesson: 1, data: 'a b&c=d', skip: undefined })).toBe(
      '/pages/lesson/index?isPayLesson=1&data=a%20b%26c%3Dd',
    )
    expect(toPageUrl('WithdrawBindCardEdit', { cardInfo: '{"a":1}' })).toBe(
      '/packages/money/pages/withdrawBindCardEdit/index?cardInfo=%7B%22a%22%3A1%7D',
    )
  })

  test('a lone surrogate (a nickname cut mid-emoji) is sent as U+FFFD instead of throwing', () => {
    const cut = '😀'.slice(0, 1)
    expect(toPageUrl('Lesson', { name: `a${cut}b` })).toBe('/pages/lesson/index?name=a%EF%BF%BDb')
    expect(resolvePath(toH5Path('Profile', { data: `${cut}😀` }))?.params.data).toBe('\uFFFD😀')
  })

  test('LessonDetailNew opens the lesson viewer', () => {
    expect(routeByName('LessonDetailNew').name).toBe('Lesson')
    expect(toPageUrl('LessonDetailNew', { isPayLesson: 1 })).toBe('/pages/lesson/index?isPayLesson=1')
    expect(ROUTE_ALIASES.LessonDetailNew).toBe('Lesson')
  })

  test('round trip through resolvePath', () => {
    const url = toPageUrl('Profile', { data: '%{"x":"a/b"}', n: 3 })
    expect(resolvePath(url)?.route.name).toBe('Profile')
    expect(resolvePath(url)?.params).toEqual({ data: '%{"x":"a/b"}', n: '3' })
  })
})

describe('toH5Path', () => {
  test.each<[RouteName | 'LessonDetailNew', Record<string, string | number | undefined>, string]>([
    ['Lesson', {}, '/lesson'],
    ['Lesson', { isPayLesson: 1 }, '/lesson/1'],
    ['LessonDetailNew', { isPayLesson: 1 }, '/lesson/1'],
    ['Lesson', { isPayLesson: 1, data: 'x' }, '/lesson/1?data=x'],
    ['Lesson', { isPayLesson: '' }, '/lesson?isPayLesson='],
    ['Lesson', { isPayLesson: undefined }, '/lesson'],
    ['LessonPay', { type: 'share', courseData: 'C', payType: 1 }, '/lessonPay/share/C/1'],
    ['LessonPay', { type: 1, data: 'D' }, '/lessonPay/1/D'],
    ['LessonPay', { type: 1, data: 'D', payType: 2, inviterWmid: 'w' }, '/lessonPay/1/D/2/w'],
    ['LessonPay', { type: 1, payType: 2 }, '/lessonPay?type=1&payType=2'],
    // would read back as the share entry: drop to a shorter pattern
    ['LessonPay', { type: 'share', data: 'D', payType: 1 }, '/lessonPay/share/D?payType=1'],
    ['LiveHome', { type: 2, data: 'D' }, '/liveHome/2/D'],
    ['LiveHome', { data: 'D' }, '/liveHome/D'],
    ['Welcome', { info: INFO_ONCE }, '/welcome/' + INFO_TWICE],
    ['Profile', { data: 'a/b' }, '/profile/a%2Fb'],
    ['Launcher', {}, '/launcher'],
  ])('%s %j -> %s', (name, params, path) => {
    expect(toH5Path(name, params)).toBe(path)
  })

  const value = fc.oneof(fc.string(), fc.constantFrom('share', 'login', '1', '%', '/', ''), fc.nat())
  const routeName = fc.constantFrom(...ROUTES.map((r) => r.name))
  const params = fc.dictionary(
    fc.oneof(fc.constantFrom('type', 'data', 'courseData', 'payType', 'inviterWmid', 'info', 'isPayLesson'), fc.string({ minLength: 1 })),
    fc.option(value, { nil: undefined }),
  )

  test('property: toH5Path -> resolvePath gives back the route and the defined parameters', () => {
    fc.assert(
      fc.property(routeName, params, (name, p) => {
        const resolved = resolvePath(toH5Path(name, p))
        const expected = Object.fromEntries(
          Object.entries(p).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
        )
        expect(resolved?.route.name).toBe(name)
        expect(resolved?.params).toEqual(expected)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('the table', () => {
  const folderOf = (r: Route): string => r.name.charAt(0).toLowerCase() + r.name.slice(1)

  test('has every route of the spec, the two of the app, and unique names', () => {
    const names = ROUTES.map((r) => r.name)
    expect(new Set(names).size).toBe(names.length)
    expect(names[0]).toBe('Launcher')
    // spec 001 §2, in its order (/playLesson is a path of Lesson, LessonDetailNew an alias)
    const spec = [
      'VipAlert', 'AddFaceWM', 'Invite', 'IatTest', 'WithdrawBindCardEdit', 'WithdrawBindCard', 'LessonAlbum',
      'Refresh', 'LiveSubscribeNoti', 'LiveHomeAdmin', 'LiveEnd', 'LiveHome', 'Tmp', 'AudioPlayer', 'M4aPlayer',
      'WithdrawAction', 'Withdraw', 'Profile', 'LessonPay', 'DownloadWm', 'WmShare', 'TestWmJsApi', 'OpenWeimai',
      'WXpasswordWelcome', 'Pay4group', 'Complaint', 'VipExchange4', 'VipExchange3', 'VipExchange2', 'VipExchange',
      'LessonComplain', 'LessonAdmin', 'Lesson', 'Illegal', 'Test', 'FriendWelcomeWithPhone', 'Welcome',
      'GroupWelcomeWithPhone', 'GroupWelcome', 'WmCircleDetail', 'GroupSpaceDetail',
    ]
    // the watermark-camera validation page (spec 000 §2) is a screen of the spec without a path there
    // the lesson transcript that follows the voice (issue 35) is the app's own too
    expect([...names].sort()).toEqual([...spec, 'Launcher', 'NotFound', 'WmValidate', 'Transcript', 'Home', 'OfflineLesson'].sort())
  })

  test('every route has a title key, a plain first path and unique patterns', () => {
    const shapes = new Set<string>()
    for (const r of ROUTES) {
      expect(r.title).toBe(`route.${folderOf(r)}`)
      expect(r.paths[0]).toBe(r.name === 'Launcher' ? '/launcher' : `/${folderOf(r)}`)
      for (const p of r.paths) {
        // two patterns with the same literals at the same places would be ambiguous
        const shape = p.replace(/:[A-Za-z]+/g, ':')
        expect(shapes.has(shape)).toBe(false)
        shapes.add(shape)
      }
      for (const key of Object.keys(r.impliedParams)) expect(r.paths).toContain(key)
    }
  })

  test('within a route, a pattern never follows a less specific one of the same length (Taro tries them in order)', () => {
    for (const r of ROUTES) {
      const split = r.paths.map((p) => p.split('/'))
      split.forEach((a, i) =>
        split.slice(i + 1).forEach((b) => {
          if (a.length !== b.length) return
          const aParamWhereBLiteral = a.some((s, k) => s.startsWith(':') && !b[k].startsWith(':'))
          const bParamWhereALiteral = b.some((s, k) => s.startsWith(':') && !a[k].startsWith(':'))
          expect(aParamWhereBLiteral && !bParamWhereALiteral).toBe(false)
        }),
      )
    }
  })

  test('page paths follow the package convention', () => {
    for (const r of ROUTES) {
      const expected =
        r.package === 'main' ? `pages/${folderOf(r)}/index` : `packages/${r.package}/pages/${folderOf(r)}/index`
      expect(r.page).toBe(expected)
    }
    expect(routeByName('Withdraw').page).toBe('packages/money/pages/withdraw/index')
    expect(new Set(ROUTES.map((r) => r.page)).size).toBe(ROUTES.length)
  })

  test('packages are as designed', () => {
    const inPackage = (pkg: Route['package']): string[] =>
      ROUTES.filter((r) => r.package === pkg).map((r) => r.name).sort()
    expect(inPackage('main')).toEqual(
      ['Home', 'Launcher', 'Lesson', 'NotFound', 'OfflineLesson'],
    )
    expect(inPackage('money')).toEqual(['LessonPay', 'Withdraw', 'WithdrawAction', 'WithdrawBindCard', 'WithdrawBindCardEdit'])
    expect(inPackage('live')).toEqual(['LiveEnd', 'LiveHome', 'LiveHomeAdmin', 'LiveSubscribeNoti'])
    expect(inPackage('vip')).toEqual(['VipExchange', 'VipExchange2', 'VipExchange3', 'VipExchange4'])
    expect(inPackage('invite')).toEqual([
      'DownloadWm', 'FriendWelcomeWithPhone', 'GroupWelcome', 'GroupWelcomeWithPhone', 'Invite', 'OpenWeimai',
      'Pay4group', 'WXpasswordWelcome', 'Welcome', 'WmShare', 'WmValidate',
    ])
  })

  test('keep-alive routes and spec titles', () => {
    expect(ROUTES.filter((r) => r.keepAlive).map((r) => r.name).sort()).toEqual(['LessonAdmin', 'LessonComplain'])
    // the titles spec 001 §2 gives, as the default language shows them
    const zh = (name: Parameters<typeof routeByName>[0]) => zhRoute[routeByName(name).title as keyof typeof zhRoute]
    expect(zh('Profile')).toBe('个人中心')
    expect(zh('Illegal')).toBe('警告')
    expect(zh('WithdrawBindCard')).toBe('银行卡')
    expect(zh('WithdrawBindCardEdit')).toBe('银行卡')
    expect(zh('WithdrawAction')).toBe('提现')
    expect(zh('Withdraw')).toBe('收入提现')
    expect(zh('LiveSubscribeNoti')).toBe('直播提醒')
    // the spec gives /vipAlert none; issue 30 item 11: every page has a title
    expect(zh('VipAlert')).toBe('查看受限')
    expect(enRoute[routeByName('VipAlert').title as keyof typeof enRoute]).toBe('View limit')
    for (const n of ['VipExchange', 'VipExchange2', 'VipExchange3', 'VipExchange4'] as const) expect(zh(n)).toBe('团队迁移送VIP')
  })

  test('every route title key has a string in both languages, and no locale title is orphaned', () => {
    const keys = ROUTES.map((r) => r.title).sort()
    expect(Object.keys(zhRoute).sort()).toEqual(keys)
    expect(Object.keys(enRoute).sort()).toEqual(keys)
  })

  test('no route title is empty in either language (issue 30 item 11: an untitled page shows the HTML default)', () => {
    const empty = (catalog: Record<string, string>) => ROUTES.filter((r) => !catalog[r.title]).map((r) => r.name)
    expect(empty(zhRoute)).toEqual([])
    expect(empty(enRoute)).toEqual([])
  })

  test('every route has its page, and every page in src is a route', () => {
    const src = path.resolve(__dirname, '../../../src')
    for (const route of ROUTES) {
      expect([`${route.page}.tsx`, `${route.page}.config.ts`].filter((f) => !fs.existsSync(path.join(src, f)))).toEqual([])
    }
    const pageFiles = (dir: string): string[] =>
      fs.existsSync(dir)
        ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
            const full = path.join(dir, entry.name)
            return entry.isDirectory() ? pageFiles(full) : entry.name === 'index.tsx' ? [path.relative(src, full).replace(/\.tsx$/, '')] : []
          })
        : []
    const onDisk = [...pageFiles(path.join(src, 'pages')), ...pageFiles(path.join(src, 'packages'))].sort()
    expect(onDisk).toEqual(ROUTES.map((r) => r.page).sort())
    expect(ROUTES.map((r) => r.name)).toEqual(expect.arrayContaining(['Launcher', 'Lesson', 'Refresh', 'NotFound']))
  })
})

describe('app config generators', () => {
  const allRoutes: Route[] = [...ROUTES]

  const shellOnly: Route[] = ROUTES.filter((r) => ['Launcher', 'Lesson', 'NotFound', 'Home'].includes(r.name))

  test('appPages: main pages, Launcher first', () => {
    expect(appPages(shellOnly)).toEqual(['pages/launcher/index', 'pages/lesson/index', 'pages/notFound/index', 'pages/home/index'])
    expect(appPages()).toEqual(ROUTES.filter((r) => r.package === 'main').map((r) => r.page))
    const pages = appPages(allRoutes)
    expect(pages[0]).toBe('pages/launcher/index')
    expect(pages).toHaveLength(5)
    expect(pages.every((p) => /^pages\/[a-zA-Z0-9]+\/index$/.test(p))).toBe(true)
  })

  test('subPackages: none without a subpackage page, else grouped by root', () => {
    expect(subPackages(shellOnly)).toEqual([])
    const packages = subPackages(allRoutes)
    expect(packages.map((p) => p.root)).toEqual(['packages/money', 'packages/misc', 'packages/deferred', 'packages/live', 'packages/invite', 'packages/vip'])
    expect(packages[0].pages).toEqual([
      'pages/lessonPay/index', 'pages/withdraw/index', 'pages/withdrawAction/index', 'pages/withdrawBindCard/index', 'pages/withdrawBindCardEdit/index',
    ])
    const all = packages.flatMap((p) => p.pages.map((page) => `${p.root}/${page}`))
    expect(new Set(all).size).toBe(all.length)
    expect(all.length + appPages(allRoutes).length).toBe(ROUTES.length)
    const oneMore = [...shellOnly, ...ROUTES.filter((r) => r.name === 'LiveEnd')]
    expect(subPackages(oneMore)).toEqual([{ root: 'packages/live', pages: ['pages/liveEnd/index'] }])
  })

  test('h5CustomRoutes: pages to their aliases, plain first, no "/"', () => {
    expect(h5CustomRoutes(shellOnly)).toEqual({
      '/pages/launcher/index': ['/launcher'],
      '/pages/lesson/index': ['/lesson', '/lesson/:isPayLesson', '/playLesson'],
      '/pages/notFound/index': ['/notFound'],
      '/pages/home/index': ['/home'],
    })
    const all = h5CustomRoutes(allRoutes)
    expect(Object.keys(all)).toHaveLength(ROUTES.length)
    expect(all['/packages/money/pages/lessonPay/index'][2]).toBe('/lessonPay/share/:courseData/:payType')
    expect(all['/packages/live/pages/liveHome/index']).toEqual(['/liveHome', '/liveHome/:data', '/liveHome/:type/:data'])
  })
})
