// Uploads are accepted by what the bytes are, never by the file name or the declared type.
// SVG is deliberately absent: it is a document that can carry script.

export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const GIF87A = [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]; // "GIF87a"
const GIF89A = [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]; // "GIF89a"
const RIFF = [0x52, 0x49, 0x46, 0x46]; // "RIFF", then 4 bytes of length
const WEBP = [0x57, 0x45, 0x42, 0x50]; // "WEBP" at offset 8

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG)) return "image/png";
  if (startsWith(bytes, JPEG)) return "image/jpeg";
  if (startsWith(bytes, GIF87A) || startsWith(bytes, GIF89A)) return "image/gif";
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return "image/webp";
  return null;
}

const EXTENSIONS: Record<ImageType, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** The file extension to give a stored image of this type, without the dot. */
export function imageExtension(type: ImageType): string {
  return EXTENSIONS[type];
}

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"

/** A PDF document, by its header (message attachments accept PDF beside images). */
export function isPdf(bytes: Uint8Array): boolean {
  return startsWith(bytes, PDF);
}
