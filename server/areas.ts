/**
 * The server's areas, composed in one place: each one's schema steps, demo data, demo clean-up
 * and routes. server/core/ imports no area; this list is the only place that names them all, in
 * the order their parts run: login first (users, whom lessons and orders name), then lesson, then
 * purchase (orders name both), then money (its ledger follows the orders), then the chat room,
 * then the attempt counts (core's own table), then vip, album, invite (its tables name users),
 * live (its rooms and sale items come from the chat room and money), and the test page's orders.
 */
import type { FastifyPluginAsync } from 'fastify'
import { albumRoutes } from './album/routes'
import { ALBUM_MIGRATIONS } from './album/migrations'
import { seedAlbums } from './album/seed'
import { chatroomRoutes } from './chatroom/routes'
import { chatUploadRoutes } from './chatroom/uploads'
import { CHATROOM_MIGRATIONS } from './chatroom/migrations'
import { seedChatrooms } from './chatroom/seed'
import type { AppContext } from './context'
import { CONTENT_MIGRATIONS } from './content/migrations'
import { contentRoutes } from './content/routes'
import { CORE_MIGRATIONS } from './core/migrations'
import type { Migration } from './core/migrate'
import type { Db, Queryable } from './core/sql'
import { devRoutes } from './dev/routes'
import { inviteRoutes } from './invite/routes'
import { INVITE_MIGRATIONS } from './invite/migrations'
import { seedInvites } from './invite/seed'
import { lessonRoutes } from './lesson/routes'
import { LESSON_MIGRATIONS } from './lesson/migrations'
import { seedLessons } from './lesson/seed'
import { removeDemoReviewGrants, seedReviewGrants } from './lesson/seedReview'
import { liveRoutes } from './live/routes'
import { LIVE_MIGRATIONS } from './live/migrations'
import { seedLives } from './live/seed'
import { loginRoutes } from './login/routes'
import { LOGIN_MIGRATIONS } from './login/migrations'
import { removeDemoCredentials, seedUsers } from './login/seed'
import { moneyRoutes } from './money/routes'
import { MONEY_MIGRATIONS } from './money/migrations'
import { seedMoney } from './money/seed'
import { purchaseRoutes } from './purchase/routes'
import { PURCHASE_MIGRATIONS } from './purchase/migrations'
import { seedPurchases } from './purchase/seed'
import { WECHAT_PAY_STANDIN_MIGRATIONS } from './outside/wechatPay/standin'
import { TENCENT_SMS_STANDIN_MIGRATIONS } from './outside/tencentSms/standin'
import { NIM_MIGRATIONS } from './outside/nim/migrations'
import { shareRoutes } from './share/routes'
import { SHARE_MIGRATIONS } from './share/migrations'
import { speechRoutes } from './speech/routes'
import { testOrderRoutes } from './testOrder/routes'
import { TEST_ORDER_MIGRATIONS } from './testOrder/migrations'
import { vipRoutes } from './vip/routes'
import { VIP_MIGRATIONS } from './vip/migrations'
import { removeDemoVipLinks, seedVip } from './vip/seed'
import { RESUME_MIGRATIONS } from './resume/migrations'
import { resumeRoutes } from './resume/routes'
import { offlineRoutes } from './offline/routes'

export interface Area {
  readonly name: string
  /** its schema steps (server/core/migrate.ts) */
  readonly migrations?: readonly Migration[]
  /** Its demo data, written into an empty database inside the one seeding transaction (`tx`). */
  readonly seed?: (tx: Queryable) => Promise<void>
  /** Production mode on a database once seeded for the demo: removes what the demo published. */
  readonly removeDemo?: (db: Db) => Promise<void>
  /** Its calls; `dev` areas only where the development routes are on. */
  readonly routes?: FastifyPluginAsync<AppContext>
  readonly devOnly?: boolean
}

export const AREAS: readonly Area[] = [
  {
    name: 'login',
    migrations: LOGIN_MIGRATIONS,
    seed: seedUsers,
    removeDemo: removeDemoCredentials,
    routes: loginRoutes,
  },
  // the users' NetEase IM tokens (server/outside/nim): their accounts are users
  { name: 'nim', migrations: NIM_MIGRATIONS },
  {
    name: 'lesson',
    migrations: LESSON_MIGRATIONS,
    seed: async (tx) => {
      await seedLessons(tx)
      await seedReviewGrants(tx)
    },
    removeDemo: removeDemoReviewGrants,
    routes: lessonRoutes,
  },
  { name: 'purchase', migrations: PURCHASE_MIGRATIONS, seed: seedPurchases, routes: purchaseRoutes },
  { name: 'share', migrations: SHARE_MIGRATIONS, routes: shareRoutes },
  { name: 'money', migrations: MONEY_MIGRATIONS, seed: (tx) => seedMoney(tx), routes: moneyRoutes },
  {
    name: 'chatroom',
    migrations: CHATROOM_MIGRATIONS,
    seed: seedChatrooms,
    routes: chatroomRoutes,
  },
  // files, images and audio sent to a chat room: their chunked upload (its table is in the chat room's steps)
  { name: 'chatUpload', routes: chatUploadRoutes },
  { name: 'attempts', migrations: CORE_MIGRATIONS },
  { name: 'vip', migrations: VIP_MIGRATIONS, seed: seedVip, removeDemo: removeDemoVipLinks, routes: vipRoutes },
  { name: 'album', migrations: ALBUM_MIGRATIONS, seed: seedAlbums, routes: albumRoutes },
  { name: 'invite', migrations: INVITE_MIGRATIONS, seed: seedInvites, routes: inviteRoutes },
  { name: 'live', migrations: LIVE_MIGRATIONS, seed: seedLives, routes: liveRoutes },
  // imports and the authoring API (server/content): its tables name users and lessons
  { name: 'content', migrations: CONTENT_MIGRATIONS, routes: contentRoutes },
  // resume on any device: its places name users and lessons
  { name: 'resume', migrations: RESUME_MIGRATIONS, routes: resumeRoutes },
  // lessons offline: what a download may hold, decided by the lesson area's rule
  { name: 'offline', routes: offlineRoutes },
  // the test page's demo orders: development only, like the payment sandbox that pays them
  { name: 'testOrder', migrations: TEST_ORDER_MIGRATIONS, routes: testOrderRoutes, devOnly: true },
  { name: 'dev', routes: devRoutes, devOnly: true },
  // what WeChat Pay's stand-in remembers (server/outside/wechatPay/standin.ts): empty in production
  { name: 'wechatPayStandin', migrations: WECHAT_PAY_STANDIN_MIGRATIONS },
  { name: 'tencentSmsStandin', migrations: TENCENT_SMS_STANDIN_MIGRATIONS },
  {
    name: 'speech',
    routes: (app, context) => speechRoutes(app, { iflytek: context.iflytek, mediaDir: context.mediaDir, db: context.db, attempts: context.repos.attempts }),
  },
]

/** Every area's schema steps, in area order (server/core/migrate.ts `migrate`). */
export const AREA_MIGRATIONS: ReadonlyArray<readonly Migration[]> = AREAS.flatMap((area) => (area.migrations ? [area.migrations] : []))
