// General (SPEC.md §2, §5): the package, contact details, logo and domain.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { type ProjectType, projectTypes } from "../../../src/shared/enums";
import { formatPrice, packageFor } from "../../../src/shared/packages";
import { setProjectType } from "../../../src/shared/wizard";
import { ImagePicker, TextField, useClearError } from "../fields";
import { draftAtom, errorsAtom, keptImagesAtom, lockedAtom, logoFilesAtom, modeAtom, pageFilesAtom, savedImagesAtom } from "../state";
import { StepIntro } from "./shared";

function FormSection(props: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={props.id}>
      <h3 id={props.id} className="section-title">
        {props.title}
      </h3>
      {props.children}
    </section>
  );
}

export function GeneralStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const mode = useAtomValue(modeAtom);
  const locked = useAtomValue(lockedAtom);
  const errors = useAtomValue(errorsAtom);
  const [logoFiles, setLogoFiles] = useAtom(logoFilesAtom);
  const setPageFiles = useSetAtom(pageFilesAtom);
  const [kept, setKept] = useAtom(keptImagesAtom);
  const saved = useAtomValue(savedImagesAtom);
  const clearError = useClearError();
  const editing = mode === "edit";

  function chooseType(type: ProjectType) {
    if (editing || type === draft.projectType) return;
    setDraft(setProjectType(draft, type));
    setPageFiles(Array.from({ length: packageFor(type).customPages }, () => []));
  }

  return (
    <div className="step-body">
      <StepIntro>Who you are, which package you want and where your app will live.</StepIntro>
      <section className="form-section" aria-labelledby="package-title">
        <div className="field-label-row">
          <h3 id="package-title" className="section-title">
            Package
          </h3>
          {editing ? <span className="lock-note">Locked</span> : null}
        </div>
        <div className="package-options" role="radiogroup" aria-labelledby="package-title">
          {projectTypes.map((type) => {
            const pkg = packageFor(type);
            const checked = draft.projectType === type;
            return (
              <label key={type} className={checked ? "package-option is-selected" : "package-option"}>
                <input type="radio" name="projectType" value={type} checked={checked} disabled={editing} onChange={() => chooseType(type)} />
                <span className="package-name">{pkg.title}</span>
                <span className="package-price">{formatPrice(pkg.price)}</span>
                <span className="package-pages">{pkg.customPages} custom pages</span>
              </label>
            );
          })}
        </div>
      </section>
      <FormSection id="contact-title" title="Contact">
        <div className="form-grid">
          <TextField name="creatorName" label="Your name" autoComplete="name" readOnly={editing} />
          <TextField name="email" label="Email" type="email" autoComplete="email" readOnly={editing} />
          <TextField name="creatorPhoneNumber" label="Phone number" type="tel" autoComplete="tel" />
          <TextField name="projectName" label="Project name" placeholder="Acme Studio" />
        </div>
      </FormSection>
      <FormSection id="logo-title" title="Logo">
        <ImagePicker
          id="field-logoImages"
          label="Logo images"
          hint="PNG, JPEG, WebP or GIF. Add one file at a time."
          files={logoFiles}
          savedUrls={kept.logoImageURLs}
          disabled={locked}
          error={errors.logoImages}
          modified={editing && (logoFiles.length > 0 || kept.logoImageURLs.join() !== saved.logoImageURLs.join())}
          onAdd={(file) => {
            setLogoFiles((files) => [...files, file]);
            clearError("logoImages");
          }}
          onRemoveFile={(index) => setLogoFiles((files) => files.filter((_, i) => i !== index))}
          onRemoveSaved={(url) => setKept((current) => ({ ...current, logoImageURLs: current.logoImageURLs.filter((u) => u !== url) }))}
        />
      </FormSection>
      <FormSection id="domain-title" title="Domain">
        <div className="form-grid">
          <TextField name="projectDomainURL" label="Project domain" placeholder="acme.com" />
          <TextField name="domainProviderURL" label="Domain provider URL" placeholder="https://registrar.example" />
          <TextField name="domainProviderUsername" label="Domain provider username" autoComplete="off" />
          <TextField name="domainProviderPassword" label="Domain provider password" type="password" autoComplete="new-password" hint="Stored encrypted." />
        </div>
      </FormSection>
    </div>
  );
}
