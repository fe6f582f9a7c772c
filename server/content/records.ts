/**
 * The content other than lessons, one writer per kind, each taking the JSON the authoring API's
 * body and the operator's file carry (docs/EXPORT_FORMAT.md): the API (routes.ts) and
 * `npm run lesson -- <kind> <file.json> --author <wmid>` (lessonCommand.ts) run the same writer.
 */
import type { Db } from '../core/sql'
import { putAlbum, readAlbum } from './albums'
import { createInvite, putGroup, readGroup } from './invites'
import { putLive, readLive } from './lives'
import type { MediaStore } from './mediaStore'
import { putVipGroup, readVipGroup } from './vipGroups'

export type RecordWriter = (db: Db, author: string, value: unknown, store: MediaStore, now: number) => Promise<object>

export const RECORD_WRITERS = {
  album: async (db, author, value, store) => {
    const written = await putAlbum(db, author, readAlbum(value, store))
    return { ...written, link: `/lessonAlbum?data=${written.data}` }
  },
  group: (db, author, value, store) => putGroup(db, author, readGroup(value, store)),
  invite: (db, author, value, _store, now) => createInvite(db, author, value, now),
  'vip-group': async (db, author, value) => {
    const written = await putVipGroup(db, author, readVipGroup(value))
    return { ...written, link: `/vipExchange/${written.data}` }
  },
  live: async (db, author, value, store, now) => {
    const written = await putLive(db, author, readLive(value, store), now)
    return { ...written, link: `/liveHome?courseData=${written.courseData}` }
  },
} satisfies Record<string, RecordWriter>

export type RecordKind = keyof typeof RECORD_WRITERS

export const isRecordKind = (name: string): name is RecordKind => Object.prototype.hasOwnProperty.call(RECORD_WRITERS, name)
