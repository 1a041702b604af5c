// Opaque, random, time-ordered ids without dashes (the spec joins id lists with '-').
// 48 bits of milliseconds then 80 random bits, in Crockford base32: 26 characters.
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";

export function newId(now: number = Date.now()): string {
  let time = "";
  let ms = now;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  const random = crypto.getRandomValues(new Uint8Array(16));
  let tail = "";
  for (let i = 0; i < 16; i++) tail += ALPHABET[random[i]! % 32];
  return time + tail;
}

export const ID_PATTERN = "^[0-9a-hjkmnp-tv-z]{26}$";
export const isId = (value: string): boolean => new RegExp(ID_PATTERN).test(value);
