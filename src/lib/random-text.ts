// Random strings from a chosen alphabet, from the CSPRNG and without modulo bias, for secrets
// people read and type: temporary passwords and access codes.

/** Letters and digits without the look-alikes 0/O/o, 1/I/l. */
export const READABLE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
/** Upper case only, without 0/O and 1/I: easy to read aloud. 32 symbols, 5 bits each. */
export const SPOKEN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

export function randomText(length: number, alphabet: string): string {
  if (alphabet.length < 2 || alphabet.length > 256) throw new Error("The alphabet must have 2 to 256 symbols");
  // Bytes at or above the largest multiple of the alphabet size are dropped, so every symbol is equally likely.
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte >= limit) continue;
      out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
