#!/usr/bin/env bash
# Generates the demo live stream (server/live/hls.ts) into server/live/stream/: a 12 s test
# pattern with a 440 Hz tone cut into six 2 s MPEG-TS segments (H.264 baseline 320x180 15 fps,
# AAC mono; `.m2ts`, not `.ts`, which TypeScript tools would read), about 150 KB in all. The output is committed; run this only to change it:
# `bash server/media/generate-live.sh`. Needs Debian's ffmpeg (apt-get install -y ffmpeg).
# hls.ts's SEGMENT_S and FIXTURE_SEGMENTS follow these files; test/server/live.test.ts checks them.
set -euo pipefail
export LC_ALL=C TZ=UTC

cd "$(dirname "$0")"
command -v ffmpeg >/dev/null || { echo "missing ffmpeg: apt-get install -y ffmpeg" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p ../live/stream

# a key frame every 2 s exactly, so each segment starts with one and lasts 2 s
ffmpeg -nostdin -hide_banner -loglevel error -y \
  -f lavfi -i 'testsrc2=size=320x180:rate=15:duration=12' \
  -f lavfi -i 'sine=frequency=440:sample_rate=22050:duration=12' \
  -c:v libx264 -profile:v baseline -preset veryfast -x264-params threads=1 -b:v 50k \
  -g 30 -keyint_min 30 -sc_threshold 0 -pix_fmt yuv420p \
  -c:a aac -ac 1 -b:a 24k \
  -map_metadata -1 -fflags +bitexact -flags +bitexact \
  -f hls -hls_time 2 -hls_list_size 0 -hls_segment_filename "$work/seg%d.m2ts" "$work/index.m3u8"

rm -f ../live/stream/seg*.m2ts
cp "$work"/seg*.m2ts ../live/stream/
ls -l ../live/stream
