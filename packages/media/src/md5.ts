/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as lower-case hex. The wire's pod and chapter ids are
 * md5 of the content id + `_` + position (wire-formats §2), and Web Crypto has no MD5, so it is
 * written here: about 600 bytes in the bundle. Not for anything secret.
 */

/** Per-round left-rotation amounts (RFC 1321 §3.4). */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
/** K[i] = floor(|sin(i + 1)| * 2^32) (RFC 1321 §3.4). */
const K = /* @__PURE__ */ Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export function md5(text: string): string {
  const words = paddedWords(new TextEncoder().encode(text));
  const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < words.length; block += 16) compress(state, words, block);
  return state.map((word) => Array.from({ length: 4 }, (_, i) => ((word >>> (8 * i)) & 0xff).toString(16).padStart(2, '0')).join('')).join('');
}

/** The message as little-endian 32-bit words: 0x80, zeros to 56 mod 64 bytes, the bit length. */
function paddedWords(bytes: Uint8Array): number[] {
  const blockCount = ((bytes.length + 8) >>> 6) + 1;
  const words: number[] = new Array<number>(blockCount * 16).fill(0);
  bytes.forEach((byte, i) => {
    words[i >> 2]! |= byte << ((i % 4) * 8);
  });
  words[bytes.length >> 2]! |= 0x80 << ((bytes.length % 4) * 8);
  const bits = bytes.length * 8;
  words[blockCount * 16 - 2] = bits >>> 0;
  words[blockCount * 16 - 1] = Math.floor(bits / 2 ** 32);
  return words;
}

function compress(state: number[], words: number[], offset: number): void {
  let [a, b, c, d] = state as [number, number, number, number];
  for (let i = 0; i < 64; i++) {
    const round = i >> 4;
    let f: number;
    let g: number;
    if (round === 0) [f, g] = [(b & c) | (~b & d), i];
    else if (round === 1) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16];
    else if (round === 2) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16];
    else [f, g] = [c ^ (b | ~d), (7 * i) % 16];
    const sum = (a + f + K[i]! + words[offset + g]!) | 0;
    const shift = SHIFTS[round * 4 + (i % 4)]!;
    [a, d, c] = [d, c, b];
    b = (b + ((sum << shift) | (sum >>> (32 - shift)))) | 0;
  }
  [a, b, c, d].forEach((word, i) => {
    state[i] = (state[i]! + word) | 0;
  });
}
