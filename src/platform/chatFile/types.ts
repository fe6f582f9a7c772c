import type { ChatFileKind } from '../../../types/chatUpload'

/** A file the viewer picked to send to the live chat: its name and size, and its bytes by range. */
export interface PickedFile {
  name: string
  /** bytes */
  size: number
  /** `length` bytes from `offset` (a chunk of spec 001 §4's upload) */
  read(offset: number, length: number): Promise<ArrayBuffer>
  /** a local address that shows the picked image before it is uploaded, where the platform has one */
  previewUrl?: string
}

/** An upload chunk's HTTP answer: the status and the parsed JSON body (its text when it is not JSON). */
export interface ChunkResponse {
  statusCode: number
  data: unknown
}

/**
 * Picking a file for the live chat and sending its chunks (spec 001 §3, §4, §7): the browser's file
 * chooser and fetch on H5, WeChat's message-file chooser, file system and request in the mini-program.
 */
export interface ChatFilePlatform {
  /** The system's chooser for one file of `kind`; null when the viewer cancelled. */
  pick(kind: ChatFileKind): Promise<PickedFile | null>
  /** POSTs one chunk's bytes as they are. */
  postChunk(url: string, headers: Record<string, string>, data: ArrayBuffer): Promise<ChunkResponse>
}
