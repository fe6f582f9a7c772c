import type { Database } from 'better-sqlite3'
import { seedChatrooms } from '../chatroom/seed'
import { seedInvites } from '../invite/seed'
import { seedLessons } from '../lesson/seed'
import { seedReviewGrants } from '../lesson/seedReview'
import { seedLives } from '../live/seed'
import { seedUsers } from '../login/seed'
import { seedMoney } from '../money/seed'
import { seedPurchases } from '../purchase/seed'
import { seedVip } from '../vip/seed'
import { seedAlbums } from '../album/seed'

/**
 * Deterministic demo data for an empty database (every `:memory:` one): the same ids on every
 * run, so the README, the launcher page and the tests can name them. Each area seeds its own
 * tables, in the order they name each other: users, then lessons, then purchases, then money.
 */
export function seed(db: Database): void {
  seedUsers(db)
  seedLessons(db)
  seedReviewGrants(db)
  seedPurchases(db)
  seedChatrooms(db)
  seedMoney(db)
  seedVip(db)
  seedAlbums(db)
  seedInvites(db)
  seedLives(db)
}
