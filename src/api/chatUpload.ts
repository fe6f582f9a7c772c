import type { ChatChunkAnswer, ChatFile, ChatFileKind, NetEaseFileMessage } from '../../types/chatUpload'
import { CHAT_UPLOAD_PATH, CHAT_UPLOAD_TOKEN_HEADER, chatUploadCalls } from '../../types/chatUpload'
import { isRecord } from '../domain/coerce'
import { chunkPlan } from '../domain/chat/fileMessage'
import type { ChunkResponse, PickedFile } from '../platform/chatFile'
import { ApiError, createCall } from './client'
import type { Post } from './client'

/** Sends one chunk to `path` (under the API's base, with the session headers): the platform edge. */
export type SendChunk = (path: string, headers: Record<string, string>, data: ArrayBuffer) => Promise<ChunkResponse>

/**
 * The live chat's upload (types/chatUpload.ts, spec 001 §4 "Chunked upload"): declares the file,
 * sends its chunks from the offset the server answers (a chunk answered with another offset goes on
 * from there), and answers the stored file once the last chunk is in. An answer carrying errCode
 * or errMsg rejects with its message (spec 001 §8).
 */
export function createChatUploadApi(post: Post, sendChunk: SendChunk) {
  const call = createCall(post)
  return {
    async upload(chatroomId: string, kind: ChatFileKind, name: string, file: PickedFile, onProgress: (fraction: number) => void): Promise<ChatFile> {
      const { uploadId, token, chunkSize } = (await call(chatUploadCalls.init, { chatroomId, type: kind, name, size: file.size }, { silent: true })).data.object
      let offset = 0
      // a chunk can be asked again (another offset answered) at most once per chunk of the file
      let budget = chunkPlan(file.size, chunkSize).length * 2
      while (budget > 0) {
        budget -= 1
        const length = Math.min(chunkSize, file.size - offset)
        const complete = offset + length === file.size
        const res = await sendChunk(`${CHAT_UPLOAD_PATH}/${uploadId}?offset=${offset}&complete=${complete}&context=${uploadId}&version=1.0`, { [CHAT_UPLOAD_TOKEN_HEADER]: token }, await file.read(offset, length))
        const answer = isRecord(res.data) ? res.data : {}
        if ('errCode' in answer || 'errMsg' in answer) {
          // the server says where it is: go on from there (a chunk lost on the way), else the upload failed
          if (res.statusCode === 409 && typeof answer.offset === 'number') {
            offset = answer.offset
            continue
          }
          throw new ApiError(Number(answer.errCode) || res.statusCode, typeof answer.errMsg === 'string' ? answer.errMsg : String(answer.errCode), CHAT_UPLOAD_PATH)
        }
        const done = answer as Partial<ChatChunkAnswer>
        if (res.statusCode !== 200 || typeof done.offset !== 'number') throw new ApiError(res.statusCode, `upload answered ${res.statusCode}`, CHAT_UPLOAD_PATH)
        onProgress(file.size === 0 ? 1 : done.offset / file.size)
        if (done.file) return done.file
        offset = done.offset
      }
      throw new ApiError(0, 'the upload did not finish', CHAT_UPLOAD_PATH)
    },

    /** A NetEase room's file message: the server checks the sender and the upload, then NetEase sends it (types/chatUpload.ts). */
    async sendNetEase(chatroomId: string, url: string, idClient: string): Promise<NetEaseFileMessage> {
      return (await call(chatUploadCalls.sendNetEase, { chatroomId, url, idClient }, { silent: true })).data.object
    },
  }
}

export type ChatUploadApi = ReturnType<typeof createChatUploadApi>
