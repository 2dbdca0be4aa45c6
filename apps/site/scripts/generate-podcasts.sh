#!/usr/bin/env bash
# Generates the podcast episodes' audio into public/media/podcasts/{episode-id}.mp3 at build time:
# MP3 (libmp3lame), mono, constant 64 kbit/s at 48 kHz, so that every frame is exactly 192 bytes
# and a file's size follows from its length alone (no padding bytes, no ID3 tag). Each programme
# has a sound of its own (a talk show's speaking rhythm, a chord progression, two voices taking
# turns), varied per episode. About 43 MB in all, so the files are made here and not committed
# (.gitignore); a file newer than this script is kept, so a second build costs nothing.
# After changing a length, put it and the new byte size (`wc -c`) in
# packages/content/src/seed/podcast-files.ts, which the feeds and download links announce
# (apps/site/test/seed-files.test.ts checks them against these files).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed (apt-get install -y ffmpeg)" >&2; exit 1; }
OUT=public/media/podcasts
SCRIPT="scripts/generate-podcasts.sh"
MP3=(-c:a libmp3lame -b:a 64k -ar 48000 -ac 1 -write_xing 0 -id3v2_version 0 -map_metadata -1 -fflags +bitexact -flags:a +bitexact)
mkdir -p "$OUT"

# Episode id, length in seconds, sound, a number that varies the sound.
EPISODES=(
  "mesura-radio-podcast-t1-e1 540 tertulia 7"
  "mesura-radio-podcast-t1-e2 420 tertulia 8"
  "mesura-radio-podcast-t1-e3 690 tertulia 9"
  "musica-per-a-tothom-t1-e1 300 musica 0"
  "musica-per-a-tothom-t1-e2 600 musica 1"
  "musica-per-a-tothom-t1-e3 240 musica 2"
  "musica-per-a-tothom-t2-e1 360 musica 3"
  "musica-per-a-tothom-t2-e2 480 musica 4"
  "la-classica-t1-e1 720 entrevista 11"
  "la-classica-t1-e2 600 entrevista 12"
  "la-classica-t1-e3 420 entrevista 13"
)

# Writes one episode's sound to $4 (a temporary file).
sound() {
  local length_s=$1 kind=$2 n=$3 file=$4
  case "$kind" in
    tertulia) # Bursts of band-limited noise at a speaking rhythm over a low hum.
      ffmpeg -y -hide_banner -loglevel error \
        -f lavfi -i "anoisesrc=color=pink:amplitude=0.3:duration=$length_s:seed=$n" \
        -f lavfi -i "sine=frequency=$((100 + n * 5)):duration=$length_s" \
        -filter_complex "[0]bandpass=f=900:width_type=o:w=2,volume='0.6+0.4*sin(2*PI*3*t)*gt(sin(2*PI*0.4*t),-0.3)':eval=frame[v];[1]volume=0.05[h];[v][h]amix=inputs=2" \
        "${MP3[@]}" -f mp3 "$file" ;;
    entrevista) # Two voices taking turns, one lower, one higher.
      ffmpeg -y -hide_banner -loglevel error \
        -f lavfi -i "anoisesrc=color=brown:amplitude=0.4:duration=$length_s:seed=$n" \
        -filter_complex "[0]bandpass=f=600:width_type=o:w=1.5,volume='if(lt(mod(t,8),4),0.8,0.3)':eval=frame" \
        "${MP3[@]}" -f mp3 "$file" ;;
    musica) # A four-chord progression, four seconds a chord, in a key of its own.
      local root=$((262 + n * 22))
      ffmpeg -y -hide_banner -loglevel error \
        -f lavfi -i "aevalsrc='0.2*sin(2*PI*t*($root+131*eq(mod(floor(t/4),4),1)+98*eq(mod(floor(t/4),4),2)+65*eq(mod(floor(t/4),4),3)))+0.15*sin(2*PI*t*$root*1.26)+0.1*sin(2*PI*t*$root*1.5)':d=$length_s:s=48000" \
        "${MP3[@]}" -f mp3 "$file" ;;
  esac
}

made=0
for entry in "${EPISODES[@]}"; do
  read -r id length_s kind n <<<"$entry"
  target="$OUT/$id.mp3"
  [ -f "$target" ] && [ "$target" -nt "$SCRIPT" ] && continue
  # Written aside and renamed, so that a build stopped half way never leaves a short file behind.
  sound "$length_s" "$kind" "$n" "$target.part"
  mv "$target.part" "$target"
  made=$((made + 1))
done
if [ "$made" -eq 0 ]; then echo "podcasts: up to date"; else echo "podcasts: $made files in $OUT"; wc -c "$OUT"/*.mp3; fi
