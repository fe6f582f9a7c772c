/**
 * Speech-to-text (spec 000 §7 "getIatAuth", the speech websocket; §9 "Speech"): the call that
 * hands out a signed websocket address, and the iFlytek IAT v2 websocket protocol the app speaks
 * to it, whether the address is iFlytek's or the reference server's stand-in (server/speech/).
 */
import type { ObjectData } from './api'
import { endpoint } from './contract'

export interface IatAuth {
  /** the websocket URL, signed (iFlytek: authorization, date and host in its query) */
  authUrl: string
  appId: string
}

export const speechCalls = {
  iatAuth: endpoint<Record<string, never>, ObjectData<IatAuth>>('/wmim/message/getIatAuth.do', {}),
} as const

/** The reference server's stand-in for the IAT service (same protocol). */
export const LOCAL_IAT_PATH = '/speech/iat'

/** spec 000 §7, §9: 16 kHz mono 16-bit PCM, Chinese, Mandarin, end-of-speech silence 5000 ms. */
export const IAT_SAMPLE_RATE = 16000
export const IAT_FORMAT = 'audio/L16;rate=16000'
export const IAT_VAD_EOS_MS = 5000

/** `data.status` of a frame: the first (with the business parameters), one in between, the last. */
export type FrameStatus = 0 | 1 | 2

export interface IatBusiness {
  language: 'zh_cn'
  domain: 'iat'
  accent: 'mandarin'
  vad_eos: number
  /** 'wpgs': partial results with dynamic correction (`pgs`, `rg`) */
  dwa: 'wpgs'
}

export interface IatAudio {
  status: FrameStatus
  format: typeof IAT_FORMAT
  encoding: 'raw'
  /** base64 of little-endian 16-bit samples; '' in a last frame without audio */
  audio: string
}

/** What the client sends: the first frame carries `common` and `business`, every frame `data`. */
export interface IatFrame {
  common?: { app_id: string }
  business?: IatBusiness
  data: IatAudio
}

export interface IatWord {
  bg: number
  cw: { w: string; sc: number }[]
  /** the word's first and last frame (10 ms) in the session's audio; 0 and 0 for punctuation */
  wb?: number
  we?: number
}

export interface IatResult {
  /** this result's number, from 1 */
  sn: number
  /** true on the last result */
  ls: boolean
  bg: number
  ed: number
  /** 'apd': append after the results so far; 'rpl': replace the results numbered rg[0]..rg[1] */
  pgs?: 'apd' | 'rpl'
  rg?: [number, number]
  ws: IatWord[]
}

/** What the service answers: code 0 with a result, or an error code and message (the socket then closes). */
export interface IatAnswer {
  code: number
  message: string
  sid: string
  data?: { status: FrameStatus; result: IatResult | null }
}

/** The service's error codes the app reads (iFlytek IAT v2). */
export const IatErrorCode = {
  /** a parameter is missing or wrong (the first frame without common/business, a bad status) */
  InvalidParameter: 10106,
  /** the signature, date or app id was refused */
  Unauthorized: 10313,
  /** no audio for too long (10 s) */
  Timeout: 10114,
  /** the audio is too long (over 60 s) */
  AudioTooLong: 10163,
} as const
