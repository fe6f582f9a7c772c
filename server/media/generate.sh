#!/usr/bin/env bash
# Generates the message media of the all-types demo lesson (server/lesson/seedAllTypes.ts) into
# server/media/{voice,video,image,circle,face,file}/. The output is committed; run this only to
# change it: `bash server/media/generate.sh`. Avatars and slides come from server/core/make-media.ts.
#
# Needs (Debian): apt-get install -y espeak-ng ffmpeg sox libsox-fmt-base
#   espeak-ng  Chinese speech for the voice clips (`-v cmn`)
#   ffmpeg     mp3, m4a (AAC), mp4 (H.264 baseline + AAC), png, jpg, gif
#   sox        AMR-NB: Debian's ffmpeg has no AMR encoder, sox's amr-nb format uses libopencore-amrnb
#   zip        the docx container
#
# Deterministic on a given toolchain: bitexact muxing without metadata, single-threaded x264,
# sox without dither, fixed zip timestamps. Labels are drawn on the pictures only when the
# DejaVu font is installed. Sizes and durations written in seedAllTypes.ts follow these files:
# test/server/allTypes.test.ts checks them after a regeneration.
set -euo pipefail
export LC_ALL=C TZ=UTC

cd "$(dirname "$0")"
for tool in espeak-ng ffmpeg sox zip; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y espeak-ng ffmpeg sox libsox-fmt-base zip" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p voice video image circle face file speech

FF=(ffmpeg -nostdin -hide_banner -loglevel error -y)
BITEXACT=(-map_metadata -1 -fflags +bitexact -flags +bitexact)
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# `,drawtext=…` naming a picture, or nothing without the font.
label() {
  [[ -f $FONT ]] || return 0
  printf ',drawtext=fontfile=%s:text=%s:fontsize=%d:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6:x=(w-tw)/2:y=h-th-16' \
    "$FONT" "$1" "$2"
}

speak() { # name text -> $work/name.wav (22.05 kHz mono)
  espeak-ng -v cmn -s 170 -w "$work/$1.wav" "$2"
}

mp3() { # wav-name out
  "${FF[@]}" -i "$work/$1.wav" -ac 1 -ar 22050 -c:a libmp3lame -b:a 32k -id3v2_version 0 "${BITEXACT[@]}" "$2"
}

m4a() { # wav-name out
  "${FF[@]}" -i "$work/$1.wav" -ac 1 -ar 22050 -c:a aac -b:a 40k "${BITEXACT[@]}" "$2"
}

amr() { # wav-name out: AMR-NB 12.2 kbit/s, 8 kHz mono, the format of old Android voice messages
  sox -R -D "$work/$1.wav" -r 8000 -c 1 -t amr-nb -C 7 "$2"
}

# --- voice clips (3-12 s each) ------------------------------------------------------------
speak intro '大家好，欢迎来到全类型消息演示课。'
speak greeting '早上好！寒暄的回答要短，然后把问题抛回给对方。'
speak weather '今天天气真好，对吧？'
speak weekend '周末有什么安排吗？回答时多给一点细节。'
speak ending '今天就到这里，我们下节课见。'
speak homework '作业：每天用英语和一个人寒暄一次。'
speak question '老师，句尾用升调还是降调？'
speak listening '听力材料：请先听一遍，不要看文字。第一段，在电梯里遇到同事。第二段，在咖啡店排队。'

mp3 intro voice/intro.mp3
mp3 greeting voice/greeting.mp3
mp3 weather voice/weather.mp3
m4a weekend voice/weekend.m4a
m4a ending voice/ending.m4a
amr homework voice/homework.amr
amr question voice/question.amr

# --- speech: the recordings the speech stand-in knows (server/speech/recordings.ts), 8 kHz PCM
# wav, from the clips above; their text is the `speak` line of the same name
wav8k() { # clip out
  "${FF[@]}" -i "$1" -ac 1 -ar 8000 -c:a pcm_s16le "${BITEXACT[@]}" "$2"
}
wav8k voice/weather.mp3 speech/weather.wav
wav8k voice/ending.m4a speech/ending.wav

# --- video: 4 s test pattern with a 440 Hz tone, and its first frame as the poster -----------
"${FF[@]}" -f lavfi -i "testsrc2=size=320x240:rate=15:duration=4$(label 'demo.mp4' 18)" \
  -f lavfi -i 'sine=frequency=440:sample_rate=22050:duration=4' \
  -c:v libx264 -threads 1 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 32 -preset medium \
  -c:a aac -b:a 32k -ac 1 -movflags +faststart -shortest "${BITEXACT[@]}" video/demo.mp4
"${FF[@]}" -i video/demo.mp4 -frames:v 1 -q:v 5 "${BITEXACT[@]}" video/demo.poster.jpg

# --- pictures: different aspect ratios, one tall and one wide --------------------------------
still() { # source-filter out [ffmpeg output options…]
  local source=$1 out=$2
  shift 2
  "${FF[@]}" -f lavfi -i "$source" -frames:v 1 "$@" "${BITEXACT[@]}" "$out"
}
still "smptebars=size=960x360$(label '960x360' 28)" image/wide.jpg -q:v 6
still "mandelbrot=size=360x960:start_scale=2.5$(label '360x960' 28)" image/tall.jpg -q:v 6 -pix_fmt yuvj420p
still "testsrc=size=480x480:rate=1$(label '480x480' 28)" image/square.png
still "smptehdbars=size=640x480$(label '640x480' 28)" image/bars.jpg -q:v 6
still "testsrc2=size=800x450:rate=1$(label '800x450' 28)" image/chart.png -pix_fmt pal8

# circle post pictures: five squares, one filter each
circle=(
  "testsrc=size=240x240:rate=1"
  "smptebars=size=240x240"
  "mandelbrot=size=240x240:start_scale=1.2"
  "rgbtestsrc=size=240x240"
  "testsrc2=size=240x240:rate=1"
)
for i in "${!circle[@]}"; do
  n=$((i + 1))
  still "${circle[$i]}$(label "$n / 5" 24)" "circle/c$n.jpg" -q:v 7 -pix_fmt yuvj420p
done

# --- faces: a winking smiley as an animated GIF, a still one as the custom-face PNG -----------
# smiley SIZE WINK OUTSIDE_ALPHA: a geq source drawing a 120 px yellow face, scaled to SIZE.
# WINK is an expression of T, 1 while the right eye is closed; OUTSIDE_ALPHA 0 makes the corners
# transparent. The GIF winks for the last 30 % of every second.
smiley() {
  local face='lt(hypot(X-60,Y-60),50)'
  local eyes="lt(hypot(X-42,Y-48),6)+lt(hypot(X-78,(Y-48)*(1+6*($2))),6)"
  local mouth='between(hypot(X-60,Y-60),28,34)*gt(Y,72)'
  local dark="gt($eyes+$mouth,0)"
  printf "color=c=white:size=120x120:rate=10:duration=2,format=rgba,geq=r='if(%s,70,255)':g='if(%s,45,if(%s,200,255))':b='if(%s,0,if(%s,40,255))':a='if(%s,255,%s)',scale=%d:%d" \
    "$dark" "$dark" "$face" "$dark" "$face" "$face" "$3" "$1" "$1"
}
"${FF[@]}" -f lavfi -i "$(smiley 96 'gt(mod(T,1),0.7)' 255)" \
  -filter_complex '[0]split[a][b];[a]palettegen=max_colors=16[p];[b][p]paletteuse=dither=none' \
  -loop 0 "${BITEXACT[@]}" face/wink.gif
still "$(smiley 120 0 0)" face/custom.png

# --- files ---------------------------------------------------------------------------------
mp3 listening file/listening.mp3

cat >file/notes.txt <<'EOF'
《全类型消息演示课》课堂笔记

一、打招呼
  How's it going? / What's up? / How are you doing?
二、找话题
  天气、周末、眼前正在发生的事。
三、礼貌收尾
  I'd better get going. / Nice talking to you. / Have a good one.

作业：这周每天用英语和一个人寒暄一次，把对话录下来发到群里。
EOF

# A one-page PDF written by hand: the xref table needs each object's byte offset.
pdf_objects=(
  '<< /Type /Catalog /Pages 2 0 R >>'
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'
  ''
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'
)
pdf_stream='BT /F1 28 Tf 72 760 Td (Lesson handout) Tj /F1 14 Tf 0 -40 Td (1. Greet: How is it going?) Tj 0 -22 Td (2. Find a topic: the weather, the weekend.) Tj 0 -22 Td (3. Close politely: Have a good one.) Tj ET'
pdf_objects[3]="<< /Length ${#pdf_stream} >>
stream
$pdf_stream
endstream"
pdf=$'%PDF-1.4\n'
offsets=()
for i in "${!pdf_objects[@]}"; do
  offsets+=("${#pdf}")
  pdf+="$((i + 1)) 0 obj
${pdf_objects[$i]}
endobj
"
done
xref_at=${#pdf}
pdf+="xref
0 $((${#pdf_objects[@]} + 1))
0000000000 65535 f 
"
for offset in "${offsets[@]}"; do
  printf -v entry '%010d 00000 n \n' "$offset"
  pdf+=$entry
done
pdf+="trailer
<< /Size $((${#pdf_objects[@]} + 1)) /Root 1 0 R >>
startxref
$xref_at
%%EOF
"
printf '%s' "$pdf" >file/handout.pdf

# The smallest docx Word opens: content types, the package relationship and the document.
mkdir -p "$work/docx/_rels" "$work/docx/word"
cat >"$work/docx/[Content_Types].xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>
EOF
cat >"$work/docx/_rels/.rels" <<'EOF'
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>
EOF
cat >"$work/docx/word/document.xml" <<'EOF'
<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>课后练习</w:t></w:r></w:p><w:p><w:r><w:t>1. 用三种说法和同事打招呼。</w:t></w:r></w:p><w:p><w:r><w:t>2. 用天气或周末开启一段寒暄。</w:t></w:r></w:p><w:p><w:r><w:t>3. 礼貌地结束对话。</w:t></w:r></w:p></w:body></w:document>
EOF
find "$work/docx" -exec touch -t 202403250000 {} +
rm -f file/exercises.docx
(out=$PWD && cd "$work/docx" && zip -X -D -q "$out/file/exercises.docx" '[Content_Types].xml' _rels/.rels word/document.xml)

du -ch voice video image circle face file speech | tail -1
