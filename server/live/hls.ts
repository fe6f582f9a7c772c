/**
 * The demo stream: the committed fixture (server/live/stream/, made by server/media/generate-live.sh)
 * of FIXTURE_SEGMENTS segments of SEGMENT_S seconds each, played two ways.
 *
 * - Live: a sliding window that advances in real time. Segment k of a live (k = 0 at its begin
 *   time) is fixture file k mod FIXTURE_SEGMENTS; the newest segment is the one the clock is in.
 *   Everything is derived from the clock and the begin time, so every cluster worker answers the
 *   same playlist at the same moment and no worker keeps state. Each loop of the fixture restarts
 *   its timestamps, so a segment that starts a loop carries EXT-X-DISCONTINUITY and the
 *   discontinuity sequence counts the loops before the window.
 * - Replay: the whole fixture once, a VOD playlist.
 */
export const SEGMENT_S = 2
export const FIXTURE_SEGMENTS = 6
/** segments in the live window: enough for a player to buffer, short enough to stay live */
export const WINDOW_SEGMENTS = 3

/** A segment file's name: `seg<k>.m2ts` of the fixture. */
export const segmentName = (file: number): string => `seg${file}.m2ts`

/**
 * Where a playlist's segment `file` is fetched from (routes.ts: beside the playlist, with the same
 * play token, so a paid live's or replay's segments open only for whom its playlist does).
 */
export type SegmentUrl = (file: number) => string

/** The live window at `now` for a live that began at `beginTime` (epoch ms). */
export function livePlaylist(beginTime: number, now: number, segmentUrl: SegmentUrl): string {
  const current = Math.max(0, Math.floor((now - beginTime) / (SEGMENT_S * 1000)))
  const first = Math.max(0, current - WINDOW_SEGMENTS + 1)
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${SEGMENT_S}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / FIXTURE_SEGMENTS)}`,
  ]
  for (let k = first; k <= current; k += 1) {
    if (k > first && k % FIXTURE_SEGMENTS === 0) lines.push('#EXT-X-DISCONTINUITY')
    lines.push(`#EXTINF:${SEGMENT_S.toFixed(3)},`, segmentUrl(k % FIXTURE_SEGMENTS))
  }
  return `${lines.join('\n')}\n`
}

/** The replay: every fixture segment once, then the end. */
export function replayPlaylist(segmentUrl: SegmentUrl): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${SEGMENT_S}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD']
  for (let k = 0; k < FIXTURE_SEGMENTS; k += 1) lines.push(`#EXTINF:${SEGMENT_S.toFixed(3)},`, segmentUrl(k))
  lines.push('#EXT-X-ENDLIST')
  return `${lines.join('\n')}\n`
}
