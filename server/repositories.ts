import type { Db } from './core/sql'
import { AttemptCounter } from './core/attempts'
import { AlbumRepository } from './album/data'
import { ChatroomRepository } from './chatroom/data'
import { InviteRepository } from './invite/data'
import { LessonRepository } from './lesson/data'
import { LiveRepository } from './live/data'
import { AccountRepository } from './login/data'
import { SmsCodeRepository } from './login/sms'
import { MoneyRepository } from './money/data'
import { OrderRepository } from './purchase/data'
import { TestOrderRepository } from './testOrder/data'
import { VipRepository } from './vip/data'

/**
 * Every area's data access, built once per app (server/app.ts) and handed to every area's routes
 * in the app context: an area that reads another's tables uses that area's repository.
 */
export function createRepositories(db: Db) {
  return {
    accounts: new AccountRepository(db),
    smsCodes: new SmsCodeRepository(db),
    attempts: new AttemptCounter(),
    lessons: new LessonRepository(db),
    orders: new OrderRepository(db),
    money: new MoneyRepository(db),
    chatrooms: new ChatroomRepository(db),
    vip: new VipRepository(db),
    albums: new AlbumRepository(db),
    invites: new InviteRepository(db),
    lives: new LiveRepository(db),
    testOrders: new TestOrderRepository(db),
  }
}

export type Repositories = ReturnType<typeof createRepositories>
