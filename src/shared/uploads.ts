// Image upload limits, shared so the wizard can refuse a file before sending it and the server
// refuses the same file with the same words.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_LOGO_IMAGES = 10;
export const MAX_IMAGES_PER_PAGE = 10;
/** One multipart request (an order with its images); the server answers 413 above it. */
export const MAX_UPLOAD_BODY_BYTES = 40 * 1024 * 1024;
export const UPLOAD_TOO_LARGE = "The upload is too large (limit 40 MiB). Remove some images or use smaller ones.";
/** Per request, all groups together; the multipart body limit (40 MiB) caps it further. */
export const MAX_IMAGES_PER_REQUEST = 40;

export const IMAGE_TOO_LARGE = "Each image must be 5 MB or smaller.";
export const IMAGE_WRONG_TYPE = "Only PNG, JPEG, WebP and GIF images can be uploaded.";
