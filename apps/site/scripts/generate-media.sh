#!/usr/bin/env bash
# Generates the player pages' sample media into public/media and public/ads: a 12 s video clip with
# two chapters (also as HLS), two short ads and a 10 s audio clip. WebM (VP9 + Opus): Debian's Chromium, which
# the e2e tests drive, has no H.264. The output is committed (CI has no ffmpeg); run this only to
# change the clips, then update the lengths in src/content/videos.ts and the VAST files if they move.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install -y ffmpeg)" >&2; exit 1; }

FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
SIZE=320x180
RATE=15
# Small on purpose: the whole set stays a few hundred KB in the repository. A keyframe every 3 s
# (-g 45) halves the clip against one a second; seeking still lands exactly (the browser decodes
# from the keyframe before).
VIDEO=(-c:v libvpx-vp9 -b:v 50k -g 45 -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p)
AUDIO=(-c:a libopus -b:a 24k -ac 1)
mkdir -p public/media public/ads

text() { # text, y, size
  echo "drawtext=fontfile=$FONT:text='$1':fontcolor=white:fontsize=$3:x=(w-text_w)/2:y=$2:box=1:boxcolor=black@0.5:boxborderw=6"
}

# The clip: a test pattern with a running clock, its chapter named on screen (0-6 s, 6-12 s).
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "testsrc2=size=$SIZE:rate=$RATE:duration=12" \
  -f lavfi -i "sine=frequency=440:beep_factor=4:duration=12" \
  -vf "$(text 'Titulars' 12 20):enable='lt(t,6)',$(text 'El temps' 12 20):enable='gte(t,6)',$(text 'Mesura · clip de prova' 150 14)" \
  "${VIDEO[@]}" "${AUDIO[@]}" -shortest public/media/clip-de-prova.webm

# Two ads of a preroll break, 3 s and 2 s.
ad() { # file, seconds, colour, title, tone
  ffmpeg -y -hide_banner -loglevel error \
    -f lavfi -i "color=c=$3:size=$SIZE:rate=$RATE:duration=$2" \
    -f lavfi -i "sine=frequency=$5:duration=$2" \
    -vf "$(text "$4" 70 24),$(text 'Publicitat' 120 14)" \
    "${VIDEO[@]}" "${AUDIO[@]}" -shortest "public/ads/$1"
}
ad anunci-1.webm 3 darkorange 'Anunci 1' 660
ad anunci-2.webm 2 steelblue 'Anunci 2' 880

# The same clip as HLS for the hls.js player: fragmented MP4 (VP9 + Opus, which hls.js plays through
# Media Source Extensions in Chromium), remuxed without re-encoding. ffmpeg writes no CODECS for VP9,
# so the one-level master playlist is written here.
HLS=public/media/hls/clip-de-prova
rm -rf "$HLS" && mkdir -p "$HLS"
ffmpeg -y -hide_banner -loglevel error -i public/media/clip-de-prova.webm -c copy -strict experimental \
  -f hls -hls_segment_type fmp4 -hls_time 4 -hls_playlist_type vod \
  -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$HLS/segment-%d.m4s" "$HLS/index.m3u8"
cat > "$HLS/master.m3u8" <<'M3U8'
#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=120000,RESOLUTION=320x180,CODECS="vp09.00.10.08,opus"
index.m3u8
M3U8

# The audio clip: 10 s of a chord, Opus in WebM.
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "sine=frequency=262:duration=10" -f lavfi -i "sine=frequency=330:duration=10" -f lavfi -i "sine=frequency=392:duration=10" \
  -filter_complex "amix=inputs=3,volume=0.6" -c:a libopus -b:a 32k -ac 1 public/media/audio-de-prova.webm

ls -lR public/media public/ads
