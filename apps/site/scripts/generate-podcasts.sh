#!/usr/bin/env bash
# Generates the podcasts' audio files into public/media/podcasts: 60 s each, Opus in WebM, mono at
# 24 kbit/s, each with a sound of its own (a spoken-word-like rhythm, a chord progression, a slow
# melody). The output is committed (CI has no ffmpeg); after a change, put the new byte sizes in
# packages/content/src/seed/programmes.ts PODCAST_BYTES, which the download links show.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install -y ffmpeg)" >&2; exit 1; }
OUT=public/media/podcasts
LENGTH_S=60
OPUS=(-c:a libopus -b:a 24k -vbr constrained -ac 1 -map_metadata -1 -fflags +bitexact)
mkdir -p "$OUT"

# A talk show: bursts of band-limited noise at a speaking rhythm over a low hum.
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "anoisesrc=color=pink:amplitude=0.3:duration=$LENGTH_S:seed=7" \
  -f lavfi -i "sine=frequency=110:duration=$LENGTH_S" \
  -filter_complex "[0]bandpass=f=900:width_type=o:w=2,volume='0.6+0.4*sin(2*PI*3*t)*gt(sin(2*PI*0.4*t),-0.3)':eval=frame[v];[1]volume=0.05[h];[v][h]amix=inputs=2" \
  "${OPUS[@]}" "$OUT/tertulia.webm"

# An interview: two voices taking turns, one lower, one higher.
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "anoisesrc=color=brown:amplitude=0.4:duration=$LENGTH_S:seed=11" \
  -filter_complex "[0]bandpass=f='600':width_type=o:w=1.5,volume='if(lt(mod(t,8),4),0.8,0.3)':eval=frame" \
  "${OPUS[@]}" "$OUT/entrevista-radio.webm"

# Music: a four-chord progression, four seconds a chord.
ffmpeg -y -hide_banner -loglevel error \
  -f lavfi -i "aevalsrc='0.2*sin(2*PI*t*(262+131*eq(mod(floor(t/4),4),1)+98*eq(mod(floor(t/4),4),2)+65*eq(mod(floor(t/4),4),3)))+0.15*sin(2*PI*t*330)+0.1*sin(2*PI*t*392)':d=$LENGTH_S" \
  "${OPUS[@]}" "$OUT/musica.webm"

wc -c "$OUT"/*.webm
