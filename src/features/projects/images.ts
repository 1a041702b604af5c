// Project images: checked by their bytes (never by name or declared type), stored under keys the
// server chooses, and removed again when a request fails after storing them.
import type { ProjectImage, projectImages } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import { badRequest, payloadTooLarge, unsupportedMediaType } from "../../http/errors";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { type ImageType, detectImageType, imageExtension } from "../../lib/images";
import type { UploadOwner } from "../../lib/storage";
import { IMAGE_TOO_LARGE, IMAGE_WRONG_TYPE, MAX_IMAGES_PER_PAGE, MAX_IMAGES_PER_REQUEST, MAX_IMAGE_BYTES, MAX_LOGO_IMAGES } from "../../shared/uploads";
import type { AddImagesForm } from "./model";
import { type ImagePosition, selectHeldImageKeys } from "./queries";

export type IncomingImage = { kind: "logo" | "page"; pageIndex: number | null; file: File; field: string };
export type CheckedImage = IncomingImage & { bytes: Uint8Array; type: ImageType };
export type StoredImage = typeof projectImages.$inferInsert & { storageKey: string; url: string };

/** The files of a form, in order, with where each belongs. */
export function collectImages(form: AddImagesForm): IncomingImage[] {
  const images: IncomingImage[] = (form.logoImages ?? []).map((file) => ({ kind: "logo", pageIndex: null, file, field: "logoImages" }));
  for (const [field, files] of Object.entries(form)) {
    const match = /^pagesImages\.(\d+)$/.exec(field);
    if (!match || !Array.isArray(files)) continue;
    const pageIndex = Number(match[1]);
    for (const file of files as File[]) images.push({ kind: "page", pageIndex, file, field });
  }
  return images;
}

/**
 * Refuses what cannot be stored: too many files (400), a page the project does not have (400),
 * a file over the size limit (413), anything that is not a PNG, JPEG, WebP or GIF (415).
 * `existing` counts the images already saved, per logo list and per page.
 */
export async function checkImages(
  images: IncomingImage[],
  limits: { pageCount: number; existingLogos?: number; existingPerPage?: number[] },
): Promise<CheckedImage[]> {
  if (images.length > MAX_IMAGES_PER_REQUEST) throw badRequest(`Send at most ${MAX_IMAGES_PER_REQUEST} images at once.`);
  const logos = images.filter((image) => image.kind === "logo").length + (limits.existingLogos ?? 0);
  if (logos > MAX_LOGO_IMAGES) {
    throw badRequest(`A project can have at most ${MAX_LOGO_IMAGES} logo images.`, { logoImages: `At most ${MAX_LOGO_IMAGES} images` });
  }
  const perPage = new Map<number, number>();
  for (const image of images) {
    if (image.pageIndex === null) continue;
    if (image.pageIndex >= limits.pageCount) {
      throw badRequest(`This project has ${limits.pageCount} custom pages; there is no page ${image.pageIndex + 1}.`, {
        [image.field]: "No such page",
      });
    }
    const count = (perPage.get(image.pageIndex) ?? limits.existingPerPage?.[image.pageIndex] ?? 0) + 1;
    perPage.set(image.pageIndex, count);
    if (count > MAX_IMAGES_PER_PAGE) {
      throw badRequest(`A page can have at most ${MAX_IMAGES_PER_PAGE} images.`, { [image.field]: `At most ${MAX_IMAGES_PER_PAGE} images` });
    }
  }
  for (const image of images) {
    if (image.file.size > MAX_IMAGE_BYTES) throw payloadTooLarge(`${IMAGE_TOO_LARGE} "${displayName(image.file)}" is too large.`);
  }
  const checked: CheckedImage[] = [];
  for (const image of images) {
    const bytes = new Uint8Array(await image.file.arrayBuffer());
    const type = detectImageType(bytes);
    if (!type) throw unsupportedMediaType(`${IMAGE_WRONG_TYPE} "${displayName(image.file)}" is not one of them.`);
    checked.push({ ...image, bytes, type });
  }
  return checked;
}

/** A file name fit to repeat in a message: short and without control characters. */
export function displayName(file: File): string {
  const name = (file.name || "file").replace(/[\u0000-\u001f\u007f]/g, "");
  return name.length > 60 ? `${name.slice(0, 57)}...` : name;
}

const IMAGES_PREFIX = "projects/";

export function storageKeyFor(projectId: string, image: { id: string; kind: "logo" | "page"; pageIndex: number | null }, type: ImageType): string {
  const file = `${image.id}.${imageExtension(type)}`;
  const project = `${IMAGES_PREFIX}${projectId}`;
  return image.kind === "logo" ? `${project}/logos/${file}` : `${project}/pages/page${image.pageIndex}/${file}`;
}

/** Every key under projects/ is a project image: one without its row is an orphan (decision 082). */
export function projectImageUploads(db: Db): UploadOwner {
  return { prefix: IMAGES_PREFIX, heldKeys: (keys) => selectHeldImageKeys(db, keys) };
}

/**
 * Stores the images and answers their rows (positions continue after `startAt`). When one upload
 * fails, the ones already stored are deleted before the error goes on, so nothing is left behind.
 */
export async function storeImages(
  deps: Pick<AppDeps, "storage" | "log">,
  projectId: string,
  images: CheckedImage[],
  startAt: { logos: number; perPage: number[] } = { logos: 0, perPage: [] },
): Promise<StoredImage[]> {
  const next = { logos: startAt.logos, perPage: [...startAt.perPage] };
  const rows: StoredImage[] = images.map((image) => {
    const id = newId();
    let position: number;
    if (image.kind === "logo") position = next.logos++;
    else {
      const index = image.pageIndex ?? 0;
      position = next.perPage[index] ?? 0;
      next.perPage[index] = position + 1;
    }
    const storageKey = storageKeyFor(projectId, { id, kind: image.kind, pageIndex: image.pageIndex }, image.type);
    return { id, projectId, kind: image.kind, pageIndex: image.pageIndex, position, storageKey, url: deps.storage.publicUrl(storageKey) };
  });
  const stored: string[] = [];
  try {
    // A few at a time: enough to overlap S3 round trips without opening dozens of sockets.
    for (let i = 0; i < rows.length; i += 4) {
      await Promise.all(
        rows.slice(i, i + 4).map(async (row, offset) => {
          const image = images[i + offset]!;
          row.url = await deps.storage.put(row.storageKey, image.bytes, image.type);
          stored.push(row.storageKey);
        }),
      );
    }
  } catch (error) {
    await removeStoredObjects(deps, stored);
    throw error;
  }
  return rows;
}

/** Best effort: a file that cannot be deleted is logged, never turned into a failed request. */
export async function removeStoredObjects(deps: Pick<AppDeps, "storage" | "log">, keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  results.forEach((result, index) => {
    if (result.status === "rejected") {
      const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
      deps.log(`storage: could not delete ${keys[index]}: ${reason}`);
    }
  });
}

/** Logos in order, and one list per page (as many lists as the project has pages). */
export function groupImages(images: ProjectImage[], pageCount: number): { logos: ProjectImage[]; pages: ProjectImage[][] } {
  const byPosition = (a: ProjectImage, b: ProjectImage) => a.position - b.position || a.id.localeCompare(b.id);
  const logos = images.filter((image) => image.kind === "logo").sort(byPosition);
  const pages = Array.from({ length: pageCount }, (_, index) => images.filter((image) => image.kind === "page" && image.pageIndex === index).sort(byPosition));
  return { logos, pages };
}

/**
 * The images whose place in their list is not their saved position, each with its new position
 * (for one setImagePositions call). An id listed twice keeps its last place.
 */
export function positionChanges(lists: ProjectImage[][]): ImagePosition[] {
  const moves = new Map<string, number>();
  for (const list of lists) {
    for (const [position, image] of list.entries()) if (image.position !== position) moves.set(image.id, position);
  }
  return [...moves].map(([id, position]) => ({ id, position }));
}
