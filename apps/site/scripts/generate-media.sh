#!/usr/bin/env bash
# Generates the player pages' sample media into public/media and public/ads: a 12 s video clip with
# two chapters (also as HLS), three short ads (anunci-3 is the skippable midroll), a 10 s audio clip,
# and the three 30 s on-demand video assets the live channels loop (the episodes' own media is made
# at build: generate-episodes.mjs; these give their subtitles). WebM / fMP4 with VP9 + Opus:
# Debian's Chromium, which the e2e tests drive, has no H.264. The output is committed (CI has no
# ffmpeg); run this only to change the media, then update the lengths in src/content/media-items.ts
# and the VAST files if they move. `generate-media.sh vod` regenerates only the on-demand assets.
#
# On-demand assets (public/media/vod/), one folder per asset {informatiu,reportatge,entrevista}:
#   master.m3u8          HLS master: one EXT-X-STREAM-INF per rendition (BANDWIDTH = peak bit rate of
#                        its segments, RESOLUTION, CODECS="vp09.00.10.08,opus"), lowest first
#   subtitols.vtt        Catalan WebVTT subtitles covering the 30 s (a track, never burned in)
#   {144p,240p,360p}/    one rendition each (256x144, 426x240, 640x360; VP9 + mono Opus muxed):
#     index.m3u8         VOD media playlist, EXT-X-MAP:URI="init.mp4"
#     init.mp4           fMP4 initialisation segment
#     segment-N.m4s      N = 0..14, each exactly 2.000 s (15 fps, a keyframe every 30 frames = 2 s,
#                        so every segment starts on a keyframe and the renditions stay aligned:
#                        segment-N of any rendition covers [2N, 2N+2) s, which lets a player switch
#                        level at any segment and the live TV loop these segments as they are)
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

# --- On-demand assets (layout in the header) -------------------------------------------------------
VOD_SECONDS=30
VOD_RATE=15
SEGMENT_SECONDS=2
# name:width:height:video bit rate. Audio is the same in each. About 0.9 MB per asset in all.
RENDITIONS=(144p:256:144:18k 240p:426:240:44k 360p:640:360:88k)

vod_source() { # asset: the lavfi source and its look, distinct per asset, at 640x360
  case "$1" in
    informatiu) echo "smptehdbars=size=640x360:rate=$VOD_RATE:duration=$VOD_SECONDS,drawbox=x=0:y=250:w=640:h=110:color=0x10243f:t=fill" ;;
    reportatge) echo "testsrc2=size=640x360:rate=$VOD_RATE:duration=$VOD_SECONDS" ;;
    entrevista) echo "color=c=0x2b1d3a:size=640x360:rate=$VOD_RATE:duration=$VOD_SECONDS,drawbox=x=120:y=110:w=140:h=200:color=0xd08c60:t=fill,drawbox=x=380:y=110:w=140:h=200:color=0x6fa0c8:t=fill" ;;
  esac
}

vod_tone() { # asset: a quiet tone of its own
  case "$1" in
    informatiu) echo "sine=frequency=523:beep_factor=2" ;;
    reportatge) echo "sine=frequency=392:beep_factor=3" ;;
    entrevista) echo "sine=frequency=294" ;;
  esac
}

vod_title() {
  case "$1" in informatiu) echo 'Mesura Informatiu' ;; reportatge) echo 'Mesura Reportatge' ;; entrevista) echo "Mesura Entrevista" ;; esac
}

vod_asset() { # asset
  local asset=$1 dir=public/media/vod/$1 tmp
  tmp=$(mktemp -d)
  rm -rf "$dir" && mkdir -p "$dir"
  local master="#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS"
  for rendition in "${RENDITIONS[@]}"; do
    IFS=: read -r name width height rate <<<"$rendition"
    # Title and running clock at full size, then scaled, then the rendition named, so that a level
    # switch is visible. A keyframe exactly every SEGMENT_SECONDS: the segments start on them.
    ffmpeg -y -hide_banner -loglevel error \
      -f lavfi -i "$(vod_source "$asset")" \
      -f lavfi -i "$(vod_tone "$asset"):duration=$VOD_SECONDS" \
      -vf "$(text "$(vod_title "$asset")" 270 30),drawtext=fontfile=$FONT:text='%{pts\:hms}':fontcolor=white:fontsize=26:x=(w-text_w)/2:y=315,scale=$width:$height,$(text "$name" 6 $((height / 12)))" \
      -c:v libvpx-vp9 -b:v "$rate" -maxrate "$rate" -bufsize "$rate" -g $((VOD_RATE * SEGMENT_SECONDS)) -keyint_min $((VOD_RATE * SEGMENT_SECONDS)) \
      -force_key_frames "expr:eq(mod(n,$((VOD_RATE * SEGMENT_SECONDS))),0)" -row-mt 1 -deadline good -cpu-used 2 -pix_fmt yuv420p \
      -c:a libopus -b:a 16k -ac 1 -af volume=0.3 -shortest "$tmp/$name.webm"
    mkdir -p "$dir/$name"
    ffmpeg -y -hide_banner -loglevel error -i "$tmp/$name.webm" -c copy -strict experimental \
      -f hls -hls_segment_type fmp4 -hls_time $SEGMENT_SECONDS -hls_playlist_type vod \
      -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$dir/$name/segment-%d.m4s" "$dir/$name/index.m3u8"
    # The last segment holds 30 frames like the others, but the muxer times it from its last
    # packet's start (1.98 s): it is 2 s long, and the live loop relies on every segment being so.
    sed -i "s/^#EXTINF:1\.9[0-9]*,/#EXTINF:$SEGMENT_SECONDS.000000,/" "$dir/$name/index.m3u8"
    # BANDWIDTH is the peak bit rate of a segment (bits per second), as HLS asks.
    local peak=0 size
    for segment in "$dir/$name"/segment-*.m4s; do
      size=$(stat -c %s "$segment")
      (( size * 8 / SEGMENT_SECONDS > peak )) && peak=$(( size * 8 / SEGMENT_SECONDS ))
    done
    master+="
#EXT-X-STREAM-INF:BANDWIDTH=$peak,RESOLUTION=${width}x${height},FRAME-RATE=$VOD_RATE.000,CODECS=\"vp09.00.10.08,opus\"
$name/index.m3u8"
  done
  echo "$master" > "$dir/master.m3u8"
  cp "scripts/subtitols/$asset.vtt" "$dir/subtitols.vtt"
  rm -rf "$tmp"
}

vod_assets() {
  for asset in informatiu reportatge entrevista; do vod_asset "$asset"; done
  du -sh public/media/vod/*
}

text() { # text, y, size
  echo "drawtext=fontfile=$FONT:text='$1':fontcolor=white:fontsize=$3:x=(w-text_w)/2:y=$2:box=1:boxcolor=black@0.5:boxborderw=6"
}

# The ads: two of the sample clip's preroll break (3 s and 2 s), and the 3 s skippable midroll.
ad() { # file, seconds, colour, title, tone
  ffmpeg -y -hide_banner -loglevel error \
    -f lavfi -i "color=c=$3:size=$SIZE:rate=$RATE:duration=$2" \
    -f lavfi -i "sine=frequency=$5:duration=$2" \
    -vf "$(text "$4" 70 24),$(text 'Publicitat' 120 14)" \
    "${VIDEO[@]}" "${AUDIO[@]}" -shortest "public/ads/$1"
}

if [ "${1:-all}" = vod ]; then vod_assets; ad anunci-3.webm 3 seagreen 'Anunci 3' 740; exit 0; fi

# The clip: a test pattern with a running clock, its chapter named on screen (0-6 s, 6-12 s).
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "testsrc2=size=$SIZE:rate=$RATE:duration=12" \
  -f lavfi -i "sine=frequency=440:beep_factor=4:duration=12" \
  -vf "$(text 'Titulars' 12 20):enable='lt(t,6)',$(text 'El temps' 12 20):enable='gte(t,6)',$(text 'Mesura · clip de prova' 150 14)" \
  "${VIDEO[@]}" "${AUDIO[@]}" -shortest public/media/clip-de-prova.webm

ad anunci-1.webm 3 darkorange 'Anunci 1' 660
ad anunci-2.webm 2 steelblue 'Anunci 2' 880
ad anunci-3.webm 3 seagreen 'Anunci 3' 740

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
