#!/usr/bin/env bash
# Generates the radio stations' live loops into public/media/live-audio/{station}/: 20 s of a sound
# of the station's own, as audio-only HLS (fMP4, mono Opus at 24 kbit/s, 2 s segments), which the
# server loops into each station's live playlist (server/src/live/). The output is committed (CI has
# no ffmpeg); run this only to change the sounds.
#
# Layout per station:
#   master.m3u8        one EXT-X-STREAM-INF (CODECS="opus") → audio/index.m3u8
#   audio/index.m3u8   VOD media playlist, EXT-X-MAP:URI="init.mp4"
#   audio/init.mp4     fMP4 initialisation segment
#   audio/segment-N.m4s  N = 0..9, each 2.000 s (100 Opus frames of 20 ms; the encoder's extra
#                      priming frame is cut, so that the loop is exactly LOOP_SECONDS long)
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install -y ffmpeg)" >&2; exit 1; }

LOOP_SECONDS=20
SEGMENT_SECONDS=2
BIT_RATE=24k
BANDWIDTH=32000

station_sound() { # station: an aevalsrc expression of t (commas escaped for the filter), distinct per station, quiet
  case "$1" in
    # Talk radio: a voice-like tone that rises and falls, with a pause every 2.5 s.
    mesura-radio) echo "0.25*sin(2*PI*(180+40*sin(2*PI*3*t))*t)*lt(mod(t\\,2.5)\\,2)" ;;
    # Music: an arpeggio, one note every half second.
    mesura-musica) echo "0.25*sin(2*PI*(262*pow(2\\,floor(mod(t*2\\,4))*4/12))*t)" ;;
    # Classical: a slow three-note chord that swells.
    mesura-classica) echo "0.12*(sin(2*PI*220*t)+sin(2*PI*277*t)+sin(2*PI*330*t))*(0.6+0.4*sin(2*PI*t/5))" ;;
  esac
}

for station in mesura-radio mesura-musica mesura-classica; do
  dir=public/media/live-audio/$station
  rm -rf "$dir" && mkdir -p "$dir/audio"
  ffmpeg -y -hide_banner -loglevel error \
    -f lavfi -i "aevalsrc=$(station_sound "$station"):sample_rate=48000:duration=$LOOP_SECONDS" \
    -c:a libopus -b:a $BIT_RATE -ac 1 -frames:a $((LOOP_SECONDS * 50)) -strict experimental \
    -f hls -hls_segment_type fmp4 -hls_time $SEGMENT_SECONDS -hls_playlist_type vod \
    -hls_fmp4_init_filename init.mp4 -hls_segment_filename "$dir/audio/segment-%d.m4s" "$dir/audio/index.m3u8"
  cat > "$dir/master.m3u8" <<M3U8
#EXTM3U
#EXT-X-VERSION:7
#EXT-X-STREAM-INF:BANDWIDTH=$BANDWIDTH,CODECS="opus"
audio/index.m3u8
M3U8
done
du -sh public/media/live-audio/*
