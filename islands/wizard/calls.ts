// The wizard's server calls besides the create upload: the access-code check and saving an
// edited project (new images first, then the changed fields and the image lists to keep).

import type { Treaty } from "@elysiajs/eden";
import type { ProjectDraft } from "../../src/shared/wizard";
import { api, errorMessage } from "../api";
import type { SavedImages } from "./state";
import { type UploadResult, postWithProgress, uploadError } from "./submit";

/** Asks the server whether a code can be used; a failed call counts as not valid. */
export async function checkAccessCode(code: string): Promise<boolean> {
  if (!code) return false;
  const { data } = await api.api.accesscodes.isvalid.get({ query: { code } });
  return data?.isValid === true;
}

/** Fields the customer cannot change after ordering; never sent in an edit. */
const LOCKED_FIELDS = new Set(["creatorName", "email", "projectType", "acceptedTermsAndConditions", "signature", "hasAccessCode", "accessCode"]);

export function changedFields(draft: ProjectDraft, saved: ProjectDraft): Partial<ProjectDraft> {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(draft)) {
    if (LOCKED_FIELDS.has(key)) continue;
    if (JSON.stringify(value) !== JSON.stringify(saved[key as keyof ProjectDraft])) changed[key] = value;
  }
  return changed as Partial<ProjectDraft>;
}

export type SaveInput = {
  draft: ProjectDraft;
  saved: ProjectDraft;
  savedImages: SavedImages;
  kept: SavedImages;
  logoFiles: File[];
  pageFiles: File[][];
};

export type SaveResult =
  | { ok: true; message: string; images: SavedImages }
  | { ok: false; message: string; fields: Record<string, string>; images: SavedImages | null };

const added = (after: string[], before: string[]): string[] => after.filter((url) => !before.includes(url));

export async function saveProjectChanges(projectId: string, input: SaveInput, onProgress: (fraction: number) => void): Promise<SaveResult> {
  let images: SavedImages = input.kept;
  let uploaded: SavedImages | null = null;
  const hasFiles = input.logoFiles.length > 0 || input.pageFiles.some((files) => files.length > 0);
  if (hasFiles) {
    const form = new FormData();
    for (const file of input.logoFiles) form.append("logoImages", file, file.name);
    input.pageFiles.forEach((files, index) => {
      for (const file of files) form.append(`pagesImages.${index}`, file, file.name);
    });
    let result: UploadResult<Treaty.Data<ReturnType<typeof api.api.projects>["images"]["post"]>>;
    try {
      result = await postWithProgress(`/api/projects/${encodeURIComponent(projectId)}/images`, form, onProgress);
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : String(error), fields: {}, images: null };
    }
    if (!result.data) return { ok: false, ...uploadError(result), images: null };
    const answer = result.data;
    uploaded = { logoImageURLs: answer.logoImageURLs, pagesImageURLs: answer.pagesImageURLs };
    // Keep what the user kept, in order, then the images just added.
    images = {
      logoImageURLs: [...input.kept.logoImageURLs, ...added(answer.logoImageURLs, input.savedImages.logoImageURLs)],
      pagesImageURLs: input.draft.pagesText.map((_, index) => [
        ...(input.kept.pagesImageURLs[index] ?? []),
        ...added(answer.pagesImageURLs[index] ?? [], input.savedImages.pagesImageURLs[index] ?? []),
      ]),
    };
  }
  const patch: Record<string, unknown> = { ...changedFields(input.draft, input.saved) };
  const serverImages = uploaded ?? input.savedImages;
  if (JSON.stringify(images.logoImageURLs) !== JSON.stringify(serverImages.logoImageURLs)) patch.logoImageURLs = images.logoImageURLs;
  if (JSON.stringify(images.pagesImageURLs) !== JSON.stringify(serverImages.pagesImageURLs)) patch.pagesImageURLs = images.pagesImageURLs;
  if (Object.keys(patch).length === 0) return { ok: true, message: "Your changes have been saved.", images };
  const { data, error } = await api.api.projects({ id: projectId }).patch(patch);
  if (error) {
    const value = error.value as { fields?: Record<string, string> } | null;
    return { ok: false, message: errorMessage(error), fields: value?.fields ?? {}, images: uploaded };
  }
  return { ok: true, message: data && "message" in data && typeof data.message === "string" ? data.message : "Your changes have been saved.", images };
}
