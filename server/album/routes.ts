/**
 * The course album and the sticker guide's calls (types/album.ts `albumCalls`, spec 001 §7):
 * queryLessonAlbum on /wmim/course/album/qryAlbumInfo.do and Sticker info on
 * /wx/ki/wx/expression/queryInfo.do. An illegal lesson is left out of its album. The sticker
 * answer's `wxUrl` starts the official account's WeChat authorisation (server/login/wechatLogin.ts),
 * which binds the guide's user (`isBind` 1) and returns to the guide.
 */
import type { AppContext } from '../context'
import type { FastifyPluginAsync } from 'fastify'
import { ResponseCode } from '../../types/api'
import { albumCalls } from '../../types/album'
import { WECHAT_STICKER_PATH } from '../../types/login'
import { contractRoute } from '../core/contractRoute'
import { ApiRefusal, ok } from '../core/envelope'
import { acceptFormBodiesOnly, handle } from '../core/schema'
import { absoluteUrl, publicOrigin } from '../core/urls'

/** Where the sticker guide's authorisation of `d` starts (server/login/wechatLogin.ts), returning to the guide. */
function authorizeUrl(origin: string, d: string): string {
  return `${origin}${WECHAT_STICKER_PATH}?d=${encodeURIComponent(d)}`
}

export const albumRoutes: FastifyPluginAsync<AppContext> = async (app, { repos: { albums } }) => {
  acceptFormBodiesOnly(app)

  contractRoute(app, albumCalls.album, { fields: { data: handle } }, async (request) => {
    const found = await albums.album(request.body.data)
    if (!found) throw ApiRefusal.say(ResponseCode.NotFound, 'albumMissing')
    const origin = publicOrigin(request)
    return ok({
      object: {
        albumInfo: { albumPic: absoluteUrl(origin, found.album.pic), albumName: found.album.name, albumIntro: found.album.intro },
        courseArray: found.lessons.map((lesson) => ({
          courseName: lesson.courseName,
          coursePic: absoluteUrl(origin, lesson.coursePic),
          courseUrl: `${origin}/lesson?courseData=${encodeURIComponent(lesson.courseData)}`,
          duration: lesson.duration,
        })),
      },
    })
  })

  contractRoute(app, albumCalls.sticker, { fields: { d: handle } }, async (request) => {
    const { d } = request.body
    const user = await albums.sticker(d)
    if (!user) throw ApiRefusal.say(ResponseCode.NotFound, 'stickerUnknown')
    return ok({ object: { wxUrl: authorizeUrl(publicOrigin(request), d), isBind: user.isBind } })
  })
}
