/**
 * The single route table (spec 001 §2 "Full route table", spec 000 §2), plus the app's own
 * Launcher and NotFound. It generates app.config.ts `pages`/`subPackages` and the H5
 * `h5.router.customRoutes`, gives every page its title, and resolves legacy links.
 *
 * Conventions:
 * - A route's `page` folder is its name with a lower-case first letter, which is also the legacy
 *   path's first segment (`WithdrawBindCardEdit` -> `withdrawBindCardEdit`).
 *   Main package pages live at `pages/<folder>/index`; subpackage pages at
 *   `packages/<package>/pages/<folder>/index`, the subpackage root being `packages/<package>`.
 * - `paths` are H5 patterns with `:param` segments. The plain alias comes first because
 *   `Taro.navigateTo` uses the first alias as written; a pattern comes before any less specific
 *   pattern of the same length (Taro tries one route's aliases in order). Every route with path
 *   parameters also has its plain alias, so parameters can always travel as a query.
 * - Launcher is the first page, so the H5 router serves it at '/'. Its custom route is only
 *   '/launcher': the '/' pattern is kept for `resolvePath` but not handed to Taro. The page shows
 *   the demo launcher in a demo build and the listener's home (Home) in a production one.
 * - `/playLesson` (old links carrying `?data=`) is an alias of the Lesson viewer, which reads the
 *   query `data` itself. LessonDetailNew is a name, not a page: Lesson opened with `isPayLesson`.
 * - The main package holds only the first page, the lesson viewer, the not-found page, the
 *   listener's home and the offline lesson; the older admin and complaint viewers (LessonAdmin,
 *   LessonComplain) reuse the lesson viewer's code from the main package, in the misc subpackage.
 * - Matching is case-sensitive (like vue-router's default), tolerates one trailing slash, decodes
 *   each path segment once and never throws on a malformed `%`. Query values are decoded the same
 *   way and '+' stays a plus (vue-router 3 did not turn it into a space; base64 blobs keep theirs).
 *
 * Pure TypeScript: no Taro import, so the build config and tests can use it.
 */

export type RoutePackage = 'main' | 'money' | 'live' | 'invite' | 'vip' | 'misc' | 'deferred'

/** A locale key: titles are translated in `src/locales`. */
export type RouteTitleKey = `route.${string}`

export interface RouteDef<N extends string = string> {
  readonly name: N
  readonly page: string
  readonly package: RoutePackage
  readonly paths: readonly string[]
  /** Parameters a pattern implies through a literal segment, e.g. `/lessonPay/share/...` means type=share. */
  readonly impliedParams: Readonly<Record<string, Readonly<Record<string, string>>>>
  /** the locale key of the page title (src/locales/<lang>/route.ts); a page may set a better one from its content (the lesson's name) */
  readonly title: RouteTitleKey
  /** Kept alive in cache (legacy route meta `keepAlive`). */
  readonly keepAlive: boolean
}

interface RouteOptions {
  readonly keepAlive?: boolean
  readonly impliedParams?: Readonly<Record<string, Readonly<Record<string, string>>>>
}

function pageFolder(name: string): string {
  return name.charAt(0).toLowerCase() + name.slice(1)
}

export function packageRoot(pkg: Exclude<RoutePackage, 'main'>): string {
  return `packages/${pkg}`
}

function route<N extends string>(
  name: N,
  pkg: RoutePackage,
  paths: readonly string[],
  options: RouteOptions = {},
): RouteDef<N> {
  const folder = pageFolder(name)
  return {
    name,
    page: pkg === 'main' ? `pages/${folder}/index` : `${packageRoot(pkg)}/pages/${folder}/index`,
    package: pkg,
    paths,
    impliedParams: options.impliedParams ?? {},
    title: `route.${folder}`,
    keepAlive: options.keepAlive ?? false,
  }
}


const TABLE = [
  // main package: the app shell and the lesson viewer (the main entry of shared links)
  route('Launcher', 'main', ['/launcher', '/']),
  route('Lesson', 'main', ['/lesson', '/lesson/:isPayLesson', '/playLesson']),
  // pages the first page does not need, once main-package pages (issue 36 item 3: what WeChat
  // downloads before the first page is only what it needs); their old page paths still resolve
  // (FORMER_MAIN_PAGES)
  route(
    'LessonPay',
    'money',
    [
      '/lessonPay',
      '/lessonPay/:type/:data',
      '/lessonPay/share/:courseData/:payType',
      '/lessonPay/:type/:data/:payType',
      '/lessonPay/:type/:data/:payType/:inviterWmid',
    ],
    { impliedParams: { '/lessonPay/share/:courseData/:payType': { type: 'share' } } },
  ),
  route('LessonComplain', 'misc', ['/lessonComplain', '/lessonComplain/:data'], { keepAlive: true }),
  route('LessonAdmin', 'misc', ['/lessonAdmin', '/lessonAdmin/:data'], { keepAlive: true }),
  // The lesson's notice for content suspended as illegal, in the deferred subpackage: the main
  // package's pages' code they load only when the reader asks for it, with
  // `import(/* webpackChunkName: "packages/deferred/<name>" */ …)`, so WeChat does not download it
  // before the first page (config/subpackageChunks.ts, issue 36). WeChat's developer tools refuse a
  // subpackage whose `pages` is empty; a lesson that redirects here downloads this small package.
  route('Illegal', 'deferred', ['/illegal']),
  route('VipAlert', 'misc', ['/vipAlert']),
  route('Profile', 'misc', ['/profile', '/profile/:data']),
  route('Refresh', 'misc', ['/refresh']),
  // where an unknown page path lands (onPageNotFound), so it never waits for a download
  route('NotFound', 'main', ['/notFound']),
  // the listener's home (issue 35 item 6): what a production build opens on, in the first page's
  // place; and a downloaded lesson played from the device's own files (item 5), in the main
  // package because it must open with no network
  route('Home', 'main', ['/home']),
  route('OfflineLesson', 'main', ['/offlineLesson']),

  // money: income, withdrawal, bank card
  route('Withdraw', 'money', ['/withdraw']),
  route('WithdrawAction', 'money', ['/withdrawAction']),
  route('WithdrawBindCard', 'money', ['/withdrawBindCard']),
  route('WithdrawBindCardEdit', 'money', ['/withdrawBindCardEdit']),

  // live: the only package that loads the IM SDK
  route('LiveHome', 'live', ['/liveHome', '/liveHome/:data', '/liveHome/:type/:data']),
  route('LiveHomeAdmin', 'live', ['/liveHomeAdmin']),
  route('LiveEnd', 'live', ['/liveEnd']),
  route('LiveSubscribeNoti', 'live', ['/liveSubscribeNoti']),

  // invite: welcome, share, download and paid-group landing pages
  route('Welcome', 'invite', ['/welcome', '/welcome/:info']),
  route('GroupWelcome', 'invite', ['/groupWelcome', '/groupWelcome/:info']),
  route('FriendWelcomeWithPhone', 'invite', ['/friendWelcomeWithPhone', '/friendWelcomeWithPhone/:info']),
  route('GroupWelcomeWithPhone', 'invite', ['/groupWelcomeWithPhone', '/groupWelcomeWithPhone/:info']),
  route('WmShare', 'invite', ['/wmShare']),
  route('DownloadWm', 'invite', ['/downloadWm']),
  route('OpenWeimai', 'invite', ['/openWeimai']),
  route('WXpasswordWelcome', 'invite', ['/wXpasswordWelcome']),
  route('Pay4group', 'invite', ['/pay4group']),
  // the spec titles it with the product name
  route('Invite', 'invite', ['/invite']),
  // the watermark-camera validation page (spec 000 §2) has no path in the old route table
  route('WmValidate', 'invite', ['/wmValidate']),

  // vip: the team-migration campaign
  route('VipExchange', 'vip', ['/vipExchange', '/vipExchange/:data']),
  route('VipExchange2', 'vip', ['/vipExchange2']),
  route('VipExchange3', 'vip', ['/vipExchange3']),
  route('VipExchange4', 'vip', ['/vipExchange4']),

  // misc: players, album, circle posts, guides, complaint and test pages
  route('AudioPlayer', 'misc', ['/audioPlayer']),
  route('M4aPlayer', 'misc', ['/m4aPlayer']),
  // the transcript of the lesson on screen, following its voice (issue 35): kept out of the main package
  route('Transcript', 'misc', ['/transcript']),
  route('LessonAlbum', 'misc', ['/lessonAlbum']),
  route('WmCircleDetail', 'misc', ['/wmCircleDetail']),
  route('GroupSpaceDetail', 'misc', ['/groupSpaceDetail']),
  route('AddFaceWM', 'misc', ['/addFaceWM']),
  route('Complaint', 'misc', ['/complaint']),
  // spec 001 §2's "Redirect page" (no path given) is /tmp (no screen given): to /lessonPay after 0.5 s
  route('Tmp', 'misc', ['/tmp']),
  route('Test', 'misc', ['/test']),
  route('TestWmJsApi', 'misc', ['/testWmJsApi']),
  // the spec's title for the speech test page is 'bank card', kept as given
  route('IatTest', 'misc', ['/iatTest']),
] as const

export type RouteName = (typeof TABLE)[number]['name']
export type Route = RouteDef<RouteName>

export const ROUTES: readonly Route[] = TABLE

/** Names the legacy app navigated to that are another route opened with given parameters. */
export const ROUTE_ALIASES = { LessonDetailNew: 'Lesson' } as const satisfies Readonly<Record<string, RouteName>>
export type RouteAlias = keyof typeof ROUTE_ALIASES

/** Parameter values for navigation; `undefined` values are left out. */
export type RouteParams = Readonly<Record<string, string | number | undefined>>

const ROUTE_BY_NAME: ReadonlyMap<string, Route> = new Map(ROUTES.map((r) => [r.name, r]))

export function routeByName(name: RouteName | RouteAlias): Route {
  const target = Object.prototype.hasOwnProperty.call(ROUTE_ALIASES, name) ? ROUTE_ALIASES[name as RouteAlias] : name
  const found = ROUTE_BY_NAME.get(target)
  if (!found) throw new Error(`Unknown route name: ${name}`)
  return found
}

type Segment = { readonly literal: string } | { readonly param: string }

interface Pattern {
  readonly route: Route
  readonly source: string
  readonly segments: readonly Segment[]
  readonly implied: Readonly<Record<string, string>>
}

function splitPath(path: string): string[] {
  const parts = path.split('/').slice(1)
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop()
  return parts
}

function compile(r: Route, source: string): Pattern {
  return {
    route: r,
    source,
    segments: splitPath(source).map((s) => (s.startsWith(':') ? { param: s.slice(1) } : { literal: s })),
    implied: r.impliedParams[source] ?? {},
  }
}

/** Positive when `a` is more specific: compared segment by segment, a literal beats a parameter. */
function specificity(a: Pattern, b: Pattern): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i += 1) {
    const d = Number('literal' in a.segments[i]) - Number('literal' in b.segments[i])
    if (d !== 0) return d
  }
  return 0
}

/**
 * Pages that were in the main package before issue 36 moved them to a subpackage: a mini-program
 * link or share card written with the old page path (`/pages/lessonPay/index?…`) still resolves.
 */
const FORMER_MAIN_PAGES: ReadonlySet<RouteName> = new Set<RouteName>([
  'LessonPay',
  'LessonComplain',
  'LessonAdmin',
  'Illegal',
  'VipAlert',
  'Profile',
  'Refresh',
])

/**
 * The route a former main-package page path (`pages/lessonPay/index`, with or without the leading
 * '/') now lives at, for the mini-program's page-not-found handler; null for any other path.
 */
export function movedPage(path: string): RouteName | null {
  const folder = /^\/?pages\/([^/]+)\/index$/.exec(path)?.[1]
  return ROUTES.find((r) => FORMER_MAIN_PAGES.has(r.name) && pageFolder(r.name) === folder)?.name ?? null
}

/** Legacy paths plus the pages' own `/pages/x/index` paths (mini-program share paths, toPageUrl), old and new. */
const PATTERNS: readonly Pattern[] = ROUTES.flatMap((r) => [
  ...r.paths.map((p) => compile(r, p)),
  compile(r, `/${r.page}`),
  ...(FORMER_MAIN_PAGES.has(r.name) ? [compile(r, `/pages/${pageFolder(r.name)}/index`)] : []),
]).sort((a, b) => specificity(b, a))

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** Null-prototype, so a `__proto__` query key is an ordinary key. */
function emptyParams(): Record<string, string> {
  return Object.create(null) as Record<string, string>
}

function parseQuery(query: string, into: Record<string, string>): void {
  for (const pair of query.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const key = safeDecode(eq < 0 ? pair : pair.slice(0, eq))
    // the first occurrence of a repeated key wins, as URLSearchParams.get does
    if (key !== '' && !(key in into)) into[key] = eq < 0 ? '' : safeDecode(pair.slice(eq + 1))
  }
}

function splitAt(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep)
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + 1)]
}

function matchPattern(p: Pattern, parts: readonly string[]): Record<string, string> | null {
  if (p.segments.length !== parts.length) return null
  const params: Record<string, string> = { ...p.implied }
  for (let i = 0; i < parts.length; i += 1) {
    const seg = p.segments[i]
    if ('literal' in seg) {
      if (seg.literal !== parts[i]) return null
    } else if (parts[i] === '') {
      return null
    } else {
      params[seg.param] = safeDecode(parts[i])
    }
  }
  return params
}

export interface ResolvedRoute {
  readonly route: Route
  readonly params: Record<string, string>
}

/**
 * Resolves a path with optional query and hash (`/lesson/1?data=abc`, `/lessonPay/share/X/1`) to its
 * route and parameters; path parameters win over query parameters. A hash-mode legacy link
 * (`/?from=singlemessage#/lesson/1?data=abc`) resolves through its hash, its query winning over the
 * outer one. Unknown paths give null.
 */
export function resolvePath(url: string): ResolvedRoute | null {
  const [beforeHash, hash] = splitAt(url, '#')
  const [outerPath, outerSearch] = splitAt(beforeHash, '?')
  const hashMode = (outerPath === '/' || outerPath === '') && hash.startsWith('/')
  const [path, hashSearch] = hashMode ? splitAt(splitAt(hash, '#')[0], '?') : [outerPath, '']
  if (!path.startsWith('/')) return null
  const found = firstMatch(splitPath(path))
  if (!found) return null
  const outerQuery = emptyParams()
  const hashQuery = emptyParams()
  parseQuery(outerSearch, outerQuery)
  parseQuery(hashSearch, hashQuery)
  return { route: found.pattern.route, params: { ...outerQuery, ...hashQuery, ...found.params } }
}

function firstMatch(parts: readonly string[]): { pattern: Pattern; params: Record<string, string> } | null {
  for (const pattern of PATTERNS) {
    const params = matchPattern(pattern, parts)
    if (params) return { pattern, params }
  }
  return null
}

function isFirstMatch(p: Pattern, parts: readonly string[]): boolean {
  const found = firstMatch(parts)
  return found !== null && found.pattern.route === p.route && found.pattern.source === p.source
}

/** encodeURIComponent throws on a lone surrogate (a nickname cut mid-emoji): send U+FFFD instead. */
function safeEncode(s: string): string {
  const wellFormed = s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g, (c) => (c.length === 2 ? c : '\uFFFD'))
  return encodeURIComponent(wellFormed)
}

function present(params: RouteParams): [string, string][] {
  return Object.entries(params).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))
}

function queryString(entries: readonly [string, string][]): string {
  if (entries.length === 0) return ''
  return `?${entries.map(([k, v]) => `${safeEncode(k)}=${safeEncode(v)}`).join('&')}`
}

/** The Taro navigation URL `/pages/x/index?k=v`; in H5 Taro maps it onto the route's first alias. */
export function toPageUrl(name: RouteName | RouteAlias, params: RouteParams = {}): string {
  return `/${routeByName(name).page}${queryString(present(params))}`
}

/**
 * The pretty H5 path: the longest (then most specific) pattern whose parameters are all given and
 * non-empty, whose implied parameters match, and which `resolvePath` would read back as itself
 * (`/lessonPay/share/D/1` built from `/:type/:data/:payType` would come back as the share entry);
 * the other parameters go to the query.
 */
export function toH5Path(name: RouteName | RouteAlias, params: RouteParams = {}): string {
  const r = routeByName(name)
  const given = new Map(present(params))
  const candidates = r.paths
    .map((source) => compile(r, source))
    .sort((a, b) => b.segments.length - a.segments.length || specificity(b, a))
  for (const p of candidates) {
    if (!Object.entries(p.implied).every(([k, v]) => given.get(k) === v)) continue
    const parts = p.segments.map((s) => ('literal' in s ? s.literal : safeEncode(given.get(s.param) ?? '')))
    if (parts.some((part) => part === '') || !isFirstMatch(p, parts)) continue
    const used = new Set([...Object.keys(p.implied), ...p.segments.flatMap((s) => ('param' in s ? [s.param] : []))])
    return `/${parts.join('/')}${queryString([...given].filter(([k]) => !used.has(k)))}`
  }
  throw new Error(`Route ${r.name} has no plain path`)
}

/** app.config.ts `pages`: the main package's pages in table order (Launcher first). */
export function appPages(routes: readonly Route[] = ROUTES): string[] {
  return routes
    .filter((r) => r.package === 'main')
    .map((r) => r.page)
}

export interface SubPackage {
  readonly root: string
  readonly pages: string[]
}

/** app.config.ts `subPackages`: the other pages grouped by package, paths relative to the root. */
export function subPackages(routes: readonly Route[] = ROUTES): SubPackage[] {
  const byRoot = new Map<string, string[]>()
  for (const r of routes) {
    if (r.package === 'main') continue
    const root = packageRoot(r.package)
    const pages = byRoot.get(root) ?? []
    pages.push(r.page.slice(root.length + 1))
    byRoot.set(root, pages)
  }
  return [...byRoot].map(([root, pages]) => ({ root, pages }))
}

/** config `h5.router.customRoutes`: '/' + page -> aliases (without '/', served as the first page). */
export function h5CustomRoutes(routes: readonly Route[] = ROUTES): Record<string, string[]> {
  return Object.fromEntries(routes.map((r) => [`/${r.page}`, r.paths.filter((p) => p !== '/')]))
}
