// Everything the user entered, section by section, each with an Edit button that opens its step.
import { useAtomValue, useSetAtom } from "jotai";
import type { ReactNode } from "react";
import { formatPrice, formatTierPrice, packageFor } from "../../../src/shared/packages";
import { themes, tints } from "../../../src/shared/themes";
import { BORDER_RADIUS_PX } from "../../../src/shared/wizard";
import { useObjectUrl } from "../fields";
import { type Step, draftAtom, keptImagesAtom, logoFilesAtom, pageFilesAtom, stepRequestAtom, stepsAtom } from "../state";
import { radiusLabels } from "./shared";

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
  const requestStep = useSetAtom(stepRequestAtom);
  const index = steps.indexOf(props.step);
  return (
    <section className="summary-section">
      <div className="summary-head">
        <h3 className="section-title">{props.title}</h3>
        {index >= 0 ? (
          <button type="button" className="button button-ghost button-sm" onClick={() => requestStep(index)}>
            Edit<span className="visually-hidden"> {props.title}</span>
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
              {formatTierPrice(tier.pricePerMonth)} per month · {tier.features}
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
