/**
 * Where a live's stream and replay are played from in a deployment: a stream origin (Tencent Cloud
 * CSS's playback domain, or a CDN in front of it) whose hotlink protection is Tencent's
 * `txSecret`/`txTime` scheme: `txTime` is the URL's expiry as a hexadecimal Unix time, and
 * `txSecret = MD5(KEY + StreamName + txTime)`, KEY the playback key set in the CSS console. The
 * origin refuses a URL past its txTime or with any other secret, so the address the play call hands
 * to one entitled viewer stops working on its own, and a paid live's address cannot be made up.
 *
 * Settings (read once, when the live area registers):
 *   LIVE_STREAM_ORIGIN   the live's playback base, e.g. https://play.example.com/live: the stream is
 *                        <origin>/<streamName>.m3u8?txSecret=…&txTime=…
 *   LIVE_REPLAY_ORIGIN   the replays' base (default LIVE_STREAM_ORIGIN): <origin>/<streamName>.m3u8
 *   LIVE_STREAM_KEY      the playback hotlink key (required with an origin)
 *   LIVE_REPLAY_KEY      the replay domain's key (default LIVE_STREAM_KEY)
 *   LIVE_STREAM_TTL_S    how long a handed-out URL plays, in seconds (default 21600, six hours;
 *                        a replay's lasts at least its duration and an hour more)
 * Without LIVE_STREAM_ORIGIN (demo mode) the live area plays its own fixture stream (hls.ts) behind
 * play tokens.
 */
import { createHash } from 'node:crypto'

export interface StreamOrigin {
  liveBase: string
  replayBase: string
  liveKey: string
  replayKey: string
  ttlMs: number
}

/** Settings that cannot serve a stream, said in a sentence (the server does not start). */
export class StreamSettingsError extends Error {}

export const DEFAULT_STREAM_TTL_S = 6 * 3600
/** A replay's URL lasts its recording's length and this much more, so it does not stop mid-way. */
export const REPLAY_MARGIN_MS = 3600_000

type Environment = Readonly<Record<string, string | undefined>>

const base = (name: string, value: string): string => {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new StreamSettingsError(`${name} must be an http(s) URL, got ${value}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new StreamSettingsError(`${name} must be an http(s) URL, got ${value}`)
  if (url.search || url.hash || url.username || url.password) throw new StreamSettingsError(`${name} must be a plain base URL (no query, fragment or user), got ${value}`)
  return value.replace(/\/+$/, '')
}

/** The stream origin from LIVE_* settings; undefined without LIVE_STREAM_ORIGIN (the local fixture stream). */
export function streamOriginFromEnv(env: Environment): StreamOrigin | undefined {
  const origin = env.LIVE_STREAM_ORIGIN
  if (!origin) {
    if (env.LIVE_REPLAY_ORIGIN || env.LIVE_STREAM_KEY) throw new StreamSettingsError('LIVE_REPLAY_ORIGIN and LIVE_STREAM_KEY need LIVE_STREAM_ORIGIN')
    return undefined
  }
  const liveKey = env.LIVE_STREAM_KEY ?? ''
  if (!/^[A-Za-z0-9]{8,64}$/.test(liveKey)) throw new StreamSettingsError('LIVE_STREAM_KEY must be the playback hotlink key set in the CSS console (8 to 64 letters and digits)')
  const replayKey = env.LIVE_REPLAY_KEY || liveKey
  if (!/^[A-Za-z0-9]{8,64}$/.test(replayKey)) throw new StreamSettingsError('LIVE_REPLAY_KEY must be 8 to 64 letters and digits')
  const ttl = env.LIVE_STREAM_TTL_S === undefined ? DEFAULT_STREAM_TTL_S : Number(env.LIVE_STREAM_TTL_S)
  if (!Number.isSafeInteger(ttl) || ttl < 60 || ttl > 7 * 24 * 3600) throw new StreamSettingsError(`LIVE_STREAM_TTL_S must be 60 to 604800 seconds, got ${env.LIVE_STREAM_TTL_S}`)
  return {
    liveBase: base('LIVE_STREAM_ORIGIN', origin),
    replayBase: base('LIVE_REPLAY_ORIGIN', env.LIVE_REPLAY_ORIGIN || origin),
    liveKey,
    replayKey,
    ttlMs: ttl * 1000,
  }
}

/** `txTime`: the expiry's Unix time in seconds, hexadecimal, upper case as Tencent's examples write it. */
export function txTime(expiresAtMs: number): string {
  return Math.floor(expiresAtMs / 1000).toString(16).toUpperCase()
}

/** `txSecret = MD5(KEY + StreamName + txTime)`, lower-case hex. */
export function txSecret(key: string, streamName: string, time: string): string {
  return createHash('md5').update(`${key}${streamName}${time}`, 'utf8').digest('hex')
}

/** `<base>/<file>?txSecret=…&txTime=…`, signed for `streamName` until `expiresAtMs`. */
export function signedStreamUrl(args: { base: string; file: string; streamName: string; key: string; expiresAtMs: number }): string {
  const time = txTime(args.expiresAtMs)
  return `${args.base}/${args.file}?txSecret=${txSecret(args.key, args.streamName, time)}&txTime=${time}`
}

/** The HLS address of a live (`live`) or its recording (`replay`) for one viewer, valid from `now`. */
export function streamUrl(origin: StreamOrigin, kind: 'live' | 'replay', streamName: string, durationS: number, now: number): string {
  const live = kind === 'live'
  const lasts = live ? origin.ttlMs : Math.max(origin.ttlMs, durationS * 1000 + REPLAY_MARGIN_MS)
  return signedStreamUrl({
    base: live ? origin.liveBase : origin.replayBase,
    file: `${encodeURIComponent(streamName)}.m3u8`,
    streamName,
    key: live ? origin.liveKey : origin.replayKey,
    expiresAtMs: now + lasts,
  })
}
