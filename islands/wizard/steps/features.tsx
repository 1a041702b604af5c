// Features (SPEC.md §2, §5): what each custom page of the package does, with optional images.
import { useAtom, useAtomValue } from "jotai";
import { packageFor } from "../../../src/shared/packages";
import { FieldShell, ImagePicker, useClearError } from "../fields";
import { draftAtom, errorsAtom, keptImagesAtom, lockedAtom, modeAtom, pageFilesAtom, savedDraftAtom, savedImagesAtom } from "../state";
import { StepIntro } from "./shared";

/** Adds or removes a file in one page's list, keeping the others. */
function withPageFiles(all: File[][], index: number, change: (files: File[]) => File[]): File[][] {
  const next = all.map((files) => [...files]);
  while (next.length <= index) next.push([]);
  next[index] = change(next[index] ?? []);
  return next;
}

export function FeaturesStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const locked = useAtomValue(lockedAtom);
  const mode = useAtomValue(modeAtom);
  const [pageFiles, setPageFiles] = useAtom(pageFilesAtom);
  const [kept, setKept] = useAtom(keptImagesAtom);
  const saved = useAtomValue(savedImagesAtom);
  const savedDraft = useAtomValue(savedDraftAtom);
  const clearError = useClearError();
  const pkg = packageFor(draft.projectType);
  return (
    <div className="step-body">
      <StepIntro>
        Your {pkg.title} has {pkg.customPages} custom pages. Describe what each should do; images are optional.
      </StepIntro>
      {errors.pagesText ? <p className="field-error">{errors.pagesText}</p> : null}
      <ol className="page-list">
        {draft.pagesText.map((text, index) => {
          const id = `field-pagesText-${index}`;
          const error = errors[`pagesText.${index}`];
          const files = pageFiles[index] ?? [];
          const keptUrls = kept.pagesImageURLs[index] ?? [];
          const textModified = mode === "edit" && savedDraft !== null && savedDraft.pagesText[index] !== text;
          return (
            <li key={index} className="page-card">
              <FieldShell id={id} label={`Page ${index + 1}`} error={error} modified={textModified}>
                <textarea
                  id={id}
                  className="textarea"
                  rows={3}
                  value={text}
                  disabled={locked}
                  aria-required
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  placeholder="What this page shows and does"
                  onChange={(event) => {
                    const pagesText = draft.pagesText.map((value, i) => (i === index ? event.target.value : value));
                    setDraft({ ...draft, pagesText });
                    clearError(`pagesText.${index}`);
                  }}
                />
              </FieldShell>
              <ImagePicker
                id={`field-pagesImages-${index}`}
                label={`Page ${index + 1} images`}
                optional
                files={files}
                savedUrls={keptUrls}
                disabled={locked}
                modified={mode === "edit" && (files.length > 0 || keptUrls.join() !== (saved.pagesImageURLs[index] ?? []).join())}
                onAdd={(file) => setPageFiles((all) => withPageFiles(all, index, (list) => [...list, file]))}
                onRemoveFile={(fileIndex) => setPageFiles((all) => withPageFiles(all, index, (list) => list.filter((_, i) => i !== fileIndex)))}
                onRemoveSaved={(url) =>
                  setKept((current) => ({
                    ...current,
                    pagesImageURLs: draft.pagesText.map((_, i) => (current.pagesImageURLs[i] ?? []).filter((u) => i !== index || u !== url)),
                  }))
                }
              />
            </li>
          );
        })}
      </ol>
    </div>
  );
}
