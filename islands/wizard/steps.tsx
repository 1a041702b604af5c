// The wizard's steps (SPEC.md §2, §3, §5). Every rule lives in src/shared/wizard.ts; these
// components only show the draft and call those functions.
import { useAtom, useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { type ProjectType, type Radius, projectTypes, radii } from "../../src/shared/enums";
import { INVOICE_DUE_DAYS, formatPrice, packageFor } from "../../src/shared/packages";
import { themes, tints } from "../../src/shared/themes";
import {
  BORDER_RADIUS_PX,
  MAX_THEMES,
  MAX_TIERS,
  MAX_TINTS,
  type ProjectDraft,
  chooseDefaultTheme,
  chooseDefaultTint,
  setCustomTint,
  setProjectType,
  setSubscriptions,
  stepTitles,
  toggleTheme,
  toggleTint,
} from "../../src/shared/wizard";
import { applyDraftAppearance } from "./appearance";
import { FieldShell, ImagePicker, ModifiedPill, TextField, useClearError, useModified, useObjectUrl } from "./fields";
import {
  type Step,
  codeStatusAtom,
  draftAtom,
  errorsAtom,
  keptImagesAtom,
  lockedAtom,
  logoFilesAtom,
  modeAtom,
  pageFilesAtom,
  savedDraftAtom,
  savedImagesAtom,
  stepIndexAtom,
  stepsAtom,
} from "./state";

export const radiusLabels: Record<Radius, string> = { square: "Square", rounded: "Rounded", pill: "Pill" };

function StepIntro(props: { title: string; children: ReactNode }) {
  return (
    <header className="step-intro">
      <h2>{props.title}</h2>
      <p className="muted">{props.children}</p>
    </header>
  );
}

/** Adds or removes a file in one page's list, keeping the others. */
function withPageFiles(all: File[][], index: number, change: (files: File[]) => File[]): File[][] {
  const next = all.map((files) => [...files]);
  while (next.length <= index) next.push([]);
  next[index] = change(next[index] ?? []);
  return next;
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
      <StepIntro title="General">Who you are, which package you want and where your app will live.</StepIntro>
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
      <section className="form-section" aria-labelledby="contact-title">
        <h3 id="contact-title" className="section-title">
          Contact
        </h3>
        <div className="form-grid">
          <TextField name="creatorName" label="Your name" autoComplete="name" readOnly={editing} />
          <TextField name="email" label="Email" type="email" autoComplete="email" readOnly={editing} />
          <TextField name="creatorPhoneNumber" label="Phone number" type="tel" autoComplete="tel" />
          <TextField name="projectName" label="Project name" placeholder="Acme Studio" />
        </div>
      </section>
      <section className="form-section" aria-labelledby="logo-title">
        <h3 id="logo-title" className="section-title">
          Logo
        </h3>
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
      </section>
      <section className="form-section" aria-labelledby="domain-title">
        <h3 id="domain-title" className="section-title">
          Domain
        </h3>
        <div className="form-grid">
          <TextField name="projectDomainURL" label="Project domain" placeholder="acme.com" />
          <TextField name="domainProviderURL" label="Domain provider URL" placeholder="https://registrar.example" />
          <TextField name="domainProviderUsername" label="Domain provider username" autoComplete="off" />
          <TextField name="domainProviderPassword" label="Domain provider password" type="password" autoComplete="new-password" hint="Stored encrypted." />
        </div>
      </section>
    </div>
  );
}

export function LandingStep() {
  return (
    <div className="step-body">
      <StepIntro title="Landing">The first thing your visitors read.</StepIntro>
      <TextField name="heroTitle" label="Hero title" placeholder="Custom web apps done right" />
      <TextField name="heroMessage" label="Hero message" multiline placeholder="A sentence or two about what you offer." />
    </div>
  );
}

function Check(props: { checked: boolean; disabled?: boolean; label: string; onChange: () => void; name: string }) {
  return (
    <label className="checkbox">
      <input type="checkbox" name={props.name} checked={props.checked} disabled={props.disabled} onChange={props.onChange} />
      {props.label}
    </label>
  );
}

export function ThemeStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const locked = useAtomValue(lockedAtom);
  const mode = useAtomValue(modeAtom);
  const errors = useAtomValue(errorsAtom);
  const clearError = useClearError();
  const editing = mode === "edit";
  const themesModified = useModified((d) => [d.selectedThemes, d.defaultTheme]);
  const tintsModified = useModified((d) => [d.selectedTintColors, d.defaultTintColor, d.customTintColor]);
  const radiusModified = useModified((d) => d.borderRadius);
  const buttonRadiusModified = useModified((d) => d.buttonBorderRadius);
  const custom = draft.customTintColor !== null;

  function update(next: ProjectDraft, live: boolean, ...cleared: string[]) {
    setDraft(next);
    for (const name of cleared) clearError(name);
    if (live) applyDraftAppearance(next);
  }

  return (
    <div className="step-body">
      <StepIntro title="Theme">
        Pick up to {MAX_THEMES} themes and {MAX_TINTS} tint colours your users can switch between, and the default of each.
      </StepIntro>
      <fieldset className="form-section" aria-invalid={errors.selectedThemes || errors.defaultTheme ? true : undefined}>
        <legend className="section-title">
          Themes <ModifiedPill show={editing && themesModified} />
        </legend>
        <div className="choice-grid">
          {themes.map((theme) => {
            const selected = draft.selectedThemes.includes(theme.code);
            return (
              <div key={theme.code} className={selected ? "choice-card is-selected" : "choice-card"}>
                <span className={`theme-sample theme-sample-${theme.code}`} aria-hidden="true">
                  <span />
                  <span />
                </span>
                <strong>{theme.name}</strong>
                <Check
                  name={`theme-${theme.code}`}
                  label="Include"
                  checked={selected}
                  disabled={locked}
                  onChange={() => update(toggleTheme(draft, theme.code), false, "selectedThemes", "defaultTheme")}
                />
                <label className="radio">
                  <input
                    type="radio"
                    name="defaultTheme"
                    checked={draft.defaultTheme === theme.code && selected}
                    disabled={locked}
                    onChange={() => update(chooseDefaultTheme(draft, theme.code), true, "selectedThemes", "defaultTheme")}
                  />
                  Default
                </label>
              </div>
            );
          })}
        </div>
        {errors.selectedThemes || errors.defaultTheme ? <p className="field-error">{errors.selectedThemes ?? errors.defaultTheme}</p> : null}
      </fieldset>
      <fieldset className="form-section" aria-invalid={errors.selectedTintColors || errors.defaultTintColor ? true : undefined}>
        <legend className="section-title">
          Tint colours <ModifiedPill show={editing && tintsModified} />
        </legend>
        <div className="choice-grid choice-grid-4">
          {tints.map((tint) => {
            const selected = draft.selectedTintColors.includes(tint.code);
            return (
              <div key={tint.code} className={selected ? "choice-card is-selected" : custom ? "choice-card is-disabled" : "choice-card"}>
                <span className="tint-dot" style={{ background: tint.color }} aria-hidden="true" />
                <strong>{tint.name}</strong>
                <Check
                  name={`tint-${tint.code}`}
                  label="Include"
                  checked={selected}
                  disabled={locked || custom}
                  onChange={() => update(toggleTint(draft, tint.code), false, "selectedTintColors", "defaultTintColor")}
                />
                <label className="radio">
                  <input
                    type="radio"
                    name="defaultTint"
                    checked={!custom && draft.defaultTintColor === tint.code && selected}
                    disabled={locked}
                    onChange={() => update(chooseDefaultTint(draft, tint.code), true, "selectedTintColors", "defaultTintColor", "customTintColor")}
                  />
                  Default
                </label>
              </div>
            );
          })}
        </div>
        {errors.selectedTintColors || errors.defaultTintColor ? <p className="field-error">{errors.selectedTintColors ?? errors.defaultTintColor}</p> : null}
        <div className="custom-tint">
          <Check
            name="useCustomTintColor"
            label="Use a custom tint colour instead"
            checked={custom}
            disabled={locked}
            onChange={() => update(setCustomTint(draft, !custom), true, "customTintColor", "selectedTintColors", "defaultTintColor")}
          />
          {custom ? (
            <FieldShell
              id="field-customTintColor"
              label="Custom tint"
              error={errors.customTintColor}
              hint="A hex colour such as #0f766e, or rgb(15, 118, 110)."
            >
              <div className="custom-tint-row">
                <span className="tint-dot tint-dot-lg" style={{ background: draft.customTintColor || "transparent" }} aria-hidden="true" />
                <input
                  id="field-customTintColor"
                  className="input"
                  name="customTintColor"
                  value={draft.customTintColor ?? ""}
                  disabled={locked}
                  placeholder="#0f766e"
                  aria-invalid={errors.customTintColor ? true : undefined}
                  aria-describedby={errors.customTintColor ? "field-customTintColor-error" : "field-customTintColor-hint"}
                  onChange={(event) => update({ ...draft, customTintColor: event.target.value }, true, "customTintColor")}
                />
              </div>
            </FieldShell>
          ) : null}
        </div>
      </fieldset>
      <div className="radius-grid">
        <RadiusChoice name="borderRadius" label="Corners" modified={editing && radiusModified} />
        <RadiusChoice name="buttonBorderRadius" label="Buttons" modified={editing && buttonRadiusModified} />
        <div className="radius-preview" aria-label="Preview of corners and buttons" role="img">
          <div className="radius-preview-card" style={{ borderRadius: BORDER_RADIUS_PX[draft.borderRadius] }}>
            <span className="radius-preview-line" />
            <span className="radius-preview-line short" />
            <span className="radius-preview-button" style={{ borderRadius: BORDER_RADIUS_PX[draft.buttonBorderRadius] }}>
              Button
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}

function RadiusChoice(props: { name: "borderRadius" | "buttonBorderRadius"; label: string; modified: boolean }) {
  const [draft, setDraft] = useAtom(draftAtom);
  const locked = useAtomValue(lockedAtom);
  return (
    <fieldset className="form-section">
      <legend className="section-title">
        {props.label} <ModifiedPill show={props.modified} />
      </legend>
      <div className="segmented">
        {radii.map((radius) => (
          <label key={radius} className="segment">
            <input
              type="radio"
              name={props.name}
              value={radius}
              checked={draft[props.name] === radius}
              disabled={locked}
              onChange={() => setDraft({ ...draft, [props.name]: radius })}
            />
            <span>
              {radiusLabels[radius]} <small>{BORDER_RADIUS_PX[radius]}px</small>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
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
      <StepIntro title="Features">
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

export function SubscriptionsStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const locked = useAtomValue(lockedAtom);
  const mode = useAtomValue(modeAtom);
  const modified = useModified((d) => [d.hasSubscriptions, d.subscriptionTiers]);
  const clearError = useClearError();

  function updateTier(index: number, key: "name" | "pricePerMonth" | "features", value: string) {
    setDraft({ ...draft, subscriptionTiers: draft.subscriptionTiers.map((tier, i) => (i === index ? { ...tier, [key]: value } : tier)) });
    clearError(`subscriptionTiers.${index}.${key}`);
  }

  return (
    <div className="step-body">
      <StepIntro title="Subscriptions">Every package includes a subscription portal with card payments. Describe your tiers, if you sell any.</StepIntro>
      <div className="field-label-row">
        <Check
          name="hasSubscriptions"
          label="My app sells subscriptions"
          checked={draft.hasSubscriptions}
          disabled={locked}
          onChange={() => {
            setDraft(setSubscriptions(draft, !draft.hasSubscriptions));
            clearError("subscriptionTiers");
          }}
        />
        <ModifiedPill show={mode === "edit" && modified} />
      </div>
      {errors.subscriptionTiers ? <p className="field-error">{errors.subscriptionTiers}</p> : null}
      {draft.hasSubscriptions ? (
        <ol className="tier-list">
          {draft.subscriptionTiers.map((tier, index) => (
            <li key={index} className="tier-card">
              <div className="tier-head">
                <h3 className="section-title">Tier {index + 1}</h3>
                {draft.subscriptionTiers.length > 1 && !locked ? (
                  <button
                    type="button"
                    className="button button-ghost button-sm"
                    onClick={() => setDraft({ ...draft, subscriptionTiers: draft.subscriptionTiers.filter((_, i) => i !== index) })}
                  >
                    Remove tier
                  </button>
                ) : null}
              </div>
              <div className="form-grid">
                {(["name", "pricePerMonth"] as const).map((key) => {
                  const id = `field-tier-${index}-${key}`;
                  const error = errors[`subscriptionTiers.${index}.${key}`];
                  return (
                    <FieldShell key={key} id={id} label={key === "name" ? "Name" : "Price per month"} error={error}>
                      <input
                        id={id}
                        className="input"
                        value={tier[key]}
                        disabled={locked}
                        inputMode={key === "pricePerMonth" ? "decimal" : undefined}
                        placeholder={key === "name" ? "Pro" : "$19"}
                        aria-required
                        aria-invalid={error ? true : undefined}
                        onChange={(event) => updateTier(index, key, event.target.value)}
                      />
                    </FieldShell>
                  );
                })}
              </div>
              <FieldShell id={`field-tier-${index}-features`} label="Features" error={errors[`subscriptionTiers.${index}.features`]}>
                <textarea
                  id={`field-tier-${index}-features`}
                  className="textarea"
                  rows={3}
                  value={tier.features}
                  disabled={locked}
                  placeholder="What subscribers of this tier get"
                  aria-required
                  aria-invalid={errors[`subscriptionTiers.${index}.features`] ? true : undefined}
                  onChange={(event) => updateTier(index, "features", event.target.value)}
                />
              </FieldShell>
            </li>
          ))}
        </ol>
      ) : null}
      {draft.hasSubscriptions && !locked && draft.subscriptionTiers.length < MAX_TIERS ? (
        <div>
          <button
            type="button"
            className="button"
            onClick={() => setDraft({ ...draft, subscriptionTiers: [...draft.subscriptionTiers, { name: "", pricePerMonth: "", features: "" }] })}
          >
            Add tier
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function SocialsStep() {
  return (
    <div className="step-body">
      <StepIntro title="Socials">Links shown in your app's footer. All optional.</StepIntro>
      <div className="form-grid">
        <TextField name="linkedInURL" label="LinkedIn" type="url" optional placeholder="https://linkedin.com/company/..." />
        <TextField name="facebookURL" label="Facebook" type="url" optional placeholder="https://facebook.com/..." />
        <TextField name="instagramURL" label="Instagram" type="url" optional placeholder="https://instagram.com/..." />
        <TextField name="twitterURL" label="Twitter" type="url" optional placeholder="https://twitter.com/..." />
      </div>
    </div>
  );
}

function SummaryThumbs(props: { urls: string[]; files: File[]; none?: string }) {
  const count = props.urls.length + props.files.length;
  if (count === 0) return <span className="muted">{props.none ?? "None"}</span>;
  return (
    <span className="summary-thumbs">
      {props.urls.map((url) => (
        <img key={url} src={url} alt="" />
      ))}
      {props.files.map((file, index) => (
        <FileThumb key={`${file.name}-${index}`} file={file} />
      ))}
    </span>
  );
}

function FileThumb(props: { file: File }) {
  const url = useObjectUrl(props.file);
  return url ? <img src={url} alt={props.file.name} /> : null;
}

function SummarySection(props: { title: string; step: Step; children: ReactNode }) {
  const steps = useAtomValue(stepsAtom);
  const setStep = useSetAtom(stepIndexAtom);
  const index = steps.indexOf(props.step);
  return (
    <section className="summary-section">
      <div className="summary-head">
        <h3 className="section-title">{props.title}</h3>
        {index >= 0 ? (
          <button type="button" className="button button-ghost button-sm" onClick={() => setStep(index)}>
            Edit
          </button>
        ) : null}
      </div>
      <dl className="summary-list">{props.children}</dl>
    </section>
  );
}

function Item(props: { label: string; children: ReactNode }) {
  return (
    <div className="summary-item">
      <dt>{props.label}</dt>
      <dd>{props.children === "" ? <span className="muted">Not given</span> : props.children}</dd>
    </div>
  );
}

/** Everything the user entered, for the Review step and the Overview of a saved project. */
export function ProjectSummary() {
  const draft = useAtomValue(draftAtom);
  const logoFiles = useAtomValue(logoFilesAtom);
  const pageFiles = useAtomValue(pageFilesAtom);
  const kept = useAtomValue(keptImagesAtom);
  const pkg = packageFor(draft.projectType);
  const themeNames = draft.selectedThemes.map((code) => themes[code]?.name ?? String(code));
  const tintNames =
    draft.customTintColor !== null ? [`Custom ${draft.customTintColor}`] : draft.selectedTintColors.map((code) => tints[code]?.name ?? String(code));
  return (
    <div className="summary">
      <SummarySection title="General" step="general">
        <Item label="Package">
          {pkg.title} · {formatPrice(pkg.price)}
        </Item>
        <Item label="Name">{draft.creatorName}</Item>
        <Item label="Email">{draft.email}</Item>
        <Item label="Phone number">{draft.creatorPhoneNumber}</Item>
        <Item label="Project name">{draft.projectName}</Item>
        <Item label="Logo images">
          <SummaryThumbs urls={kept.logoImageURLs} files={logoFiles} />
        </Item>
        <Item label="Project domain">{draft.projectDomainURL}</Item>
        <Item label="Domain provider">{draft.domainProviderURL}</Item>
        <Item label="Provider username">{draft.domainProviderUsername}</Item>
        <Item label="Provider password">{draft.domainProviderPassword ? "••••••••" : ""}</Item>
      </SummarySection>
      <SummarySection title="Landing" step="landing">
        <Item label="Hero title">{draft.heroTitle}</Item>
        <Item label="Hero message">{draft.heroMessage}</Item>
      </SummarySection>
      <SummarySection title="Theme" step="theme">
        <Item label="Themes">
          {themeNames.join(", ")} (default {themes[draft.defaultTheme]?.name ?? "none"})
        </Item>
        <Item label="Tints">
          {tintNames.join(", ")}
          {draft.customTintColor === null ? ` (default ${tints[draft.defaultTintColor]?.name ?? "none"})` : ""}
        </Item>
        <Item label="Corners">
          {radiusLabels[draft.borderRadius]} ({BORDER_RADIUS_PX[draft.borderRadius]}px)
        </Item>
        <Item label="Buttons">
          {radiusLabels[draft.buttonBorderRadius]} ({BORDER_RADIUS_PX[draft.buttonBorderRadius]}px)
        </Item>
      </SummarySection>
      <SummarySection title="Features" step="features">
        {draft.pagesText.map((text, index) => (
          <Item key={index} label={`Page ${index + 1}`}>
            <span className="summary-text">{text}</span>
            <SummaryThumbs urls={kept.pagesImageURLs[index] ?? []} files={pageFiles[index] ?? []} none="No images" />
          </Item>
        ))}
      </SummarySection>
      <SummarySection title="Subscriptions" step="subscriptions">
        {draft.hasSubscriptions ? (
          draft.subscriptionTiers.map((tier, index) => (
            <Item key={index} label={tier.name || `Tier ${index + 1}`}>
              {tier.pricePerMonth} per month · {tier.features}
            </Item>
          ))
        ) : (
          <Item label="Subscriptions">None</Item>
        )}
      </SummarySection>
      <SummarySection title="Socials" step="socials">
        <Item label="LinkedIn">{draft.linkedInURL}</Item>
        <Item label="Facebook">{draft.facebookURL}</Item>
        <Item label="Instagram">{draft.instagramURL}</Item>
        <Item label="Twitter">{draft.twitterURL}</Item>
      </SummarySection>
    </div>
  );
}

export function ReviewStep() {
  return (
    <div className="step-body">
      <StepIntro title="Review">Check everything before you accept the terms. Use Edit to change a section.</StepIntro>
      <ProjectSummary />
    </div>
  );
}

export function OverviewStep() {
  return (
    <div className="step-body">
      <StepIntro title="Overview">Everything in your project request.</StepIntro>
      <ProjectSummary />
    </div>
  );
}

export function TermsStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const clearError = useClearError();
  return (
    <div className="step-body">
      <StepIntro title="Terms">Read and accept the terms, then sign with the name you gave in General.</StepIntro>
      <div className="terms-box">
        <p>
          By submitting this request you agree to the{" "}
          <a href="/terms" target="_blank" rel="noreferrer">
            Terms and Conditions
          </a>
          . In short:
        </p>
        <ul>
          <li>We review your request; once approved we send an invoice, payable within {INVOICE_DUE_DAYS} days or the project is deleted.</li>
          <li>You have 10 days after delivery to make one revision request.</li>
          <li>A refund is given only if we terminate the project.</li>
        </ul>
      </div>
      <div className={errors.acceptedTermsAndConditions ? "field has-error" : "field"}>
        <label className="checkbox">
          <input
            type="checkbox"
            name="acceptedTermsAndConditions"
            checked={draft.acceptedTermsAndConditions}
            aria-invalid={errors.acceptedTermsAndConditions ? true : undefined}
            onChange={(event) => {
              setDraft({ ...draft, acceptedTermsAndConditions: event.target.checked });
              clearError("acceptedTermsAndConditions");
            }}
          />
          I accept the Terms and Conditions
        </label>
        {errors.acceptedTermsAndConditions ? <p className="field-error">{errors.acceptedTermsAndConditions}</p> : null}
      </div>
      <TextField name="signature" label="Signature" hint="Type your full name exactly as in General." autoComplete="off" />
    </div>
  );
}

export function PaymentStep() {
  const [draft, setDraft] = useAtom(draftAtom);
  const errors = useAtomValue(errorsAtom);
  const status = useAtomValue(codeStatusAtom);
  const clearError = useClearError();
  const pkg = packageFor(draft.projectType);
  return (
    <div className="step-body">
      <StepIntro title="Payment">Nothing is charged now. We review your request first.</StepIntro>
      <div className="price-box">
        <div>
          <span className="muted">{pkg.title}</span>
          <strong className="price-total">{formatPrice(pkg.price)}</strong>
        </div>
        <p className="muted">
          After approval we e-mail an invoice for {formatPrice(pkg.price)}, payable within {INVOICE_DUE_DAYS} days.
        </p>
      </div>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            name="hasAccessCode"
            checked={draft.hasAccessCode}
            onChange={(event) => {
              setDraft({ ...draft, hasAccessCode: event.target.checked });
              clearError("accessCode");
            }}
          />
          I have an access code
        </label>
      </div>
      {draft.hasAccessCode ? (
        <FieldShell id="field-accessCode" label="Access code" error={errors.accessCode}>
          <div className="code-row">
            <input
              id="field-accessCode"
              className="input input-code"
              name="accessCode"
              value={draft.accessCode}
              autoComplete="off"
              spellCheck={false}
              aria-invalid={errors.accessCode || status === "invalid" ? true : undefined}
              aria-describedby="access-code-status"
              onChange={(event) => {
                setDraft({ ...draft, accessCode: event.target.value });
                clearError("accessCode");
              }}
            />
            <span id="access-code-status" aria-live="polite">
              {status === "valid" ? <span className="badge badge-green">Access code is valid</span> : null}
              {status === "invalid" ? <span className="badge badge-red">Access code is invalid</span> : null}
              {status === "checking" && draft.accessCode.trim() ? <span className="badge">Checking…</span> : null}
            </span>
          </div>
        </FieldShell>
      ) : null}
    </div>
  );
}

export const stepComponents: Record<Step, () => ReactNode> = {
  general: GeneralStep,
  landing: LandingStep,
  theme: ThemeStep,
  features: FeaturesStep,
  subscriptions: SubscriptionsStep,
  socials: SocialsStep,
  review: ReviewStep,
  terms: TermsStep,
  payment: PaymentStep,
  overview: OverviewStep,
};

export { stepTitles };
