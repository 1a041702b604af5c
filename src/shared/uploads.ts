// Image upload limits, shared so the wizard can refuse a file before sending it and the server
// refuses the same file with the same words.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_LOGO_IMAGES = 10;
export const MAX_IMAGES_PER_PAGE = 10;
/** Per request, all groups together; the multipart body limit (40 MiB) caps it further. */
export const MAX_IMAGES_PER_REQUEST = 40;

export const IMAGE_TOO_LARGE = "Each image must be 5 MB or smaller.";
export const IMAGE_WRONG_TYPE = "Only PNG, JPEG, WebP and GIF images can be uploaded.";
