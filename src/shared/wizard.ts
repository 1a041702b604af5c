// The project wizard's rules (SPEC.md §4, §5), run by the wizard island on every Next and by the
// server again on every create and update. One implementation, so they cannot disagree.
import { type ProjectType, type Radius, type SubscriptionTier, projectTypes } from "./enums";
import { packageFor } from "./packages";

export const wizardSteps = ["general", "landing", "theme", "features", "subscriptions", "socials", "review", "terms", "payment"] as const;
export type WizardStep = (typeof wizardSteps)[number];
/** Overview mode (editing a saved project): General to Socials plus Overview; no Terms or Payment. */
export const overviewSteps = ["general", "landing", "theme", "features", "subscriptions", "socials", "overview"] as const;
export type OverviewStep = (typeof overviewSteps)[number];

export const stepTitles: Record<WizardStep | OverviewStep, string> = {
  general: "General",
  landing: "Landing",
  theme: "Theme",
  features: "Features",
  subscriptions: "Subscriptions",
  socials: "Socials",
  review: "Review",
  terms: "Terms",
  payment: "Payment",
  overview: "Overview",
};

export const MAX_THEMES = 3;
export const MAX_TINTS = 4;
export const MAX_TIERS = 6;
/** `defaultTintColor` when the project uses its own colour instead of a preset tint. */
export const CUSTOM_TINT = -1;
export const BORDER_RADIUS_PX: Record<Radius, number> = { square: 0, rounded: 10, pill: 20 };

/** Generous caps so one field cannot fill the database; the spec sets no limits of its own. */
export const TEXT_LIMITS = { short: 200, url: 500, long: 5000 } as const;

export type ProjectContent = {
  projectName: string;
  projectType: ProjectType;
  creatorPhoneNumber: string;
  projectDomainURL: string;
  domainProviderURL: string;
  domainProviderUsername: string;
  domainProviderPassword: string;
  heroTitle: string;
  heroMessage: string;
  selectedThemes: number[];
  defaultTheme: number;
  selectedTintColors: number[];
  defaultTintColor: number;
  customTintColor: string | null;
  borderRadius: Radius;
  buttonBorderRadius: Radius;
  pagesText: string[];
  hasSubscriptions: boolean;
  subscriptionTiers: SubscriptionTier[];
  linkedInURL: string;
  facebookURL: string;
  instagramURL: string;
  twitterURL: string;
};

const contentKeys = [
  "projectName",
  "projectType",
  "creatorPhoneNumber",
  "projectDomainURL",
  "domainProviderURL",
  "domainProviderUsername",
  "domainProviderPassword",
  "heroTitle",
  "heroMessage",
  "selectedThemes",
  "defaultTheme",
  "selectedTintColors",
  "defaultTintColor",
  "customTintColor",
  "borderRadius",
  "buttonBorderRadius",
  "pagesText",
  "hasSubscriptions",
  "subscriptionTiers",
  "linkedInURL",
  "facebookURL",
  "instagramURL",
  "twitterURL",
] as const satisfies readonly (keyof ProjectContent)[];

/** Exactly the content fields of anything that has them (a stored project, an API answer, a draft). */
export function pickContent(source: ProjectContent): ProjectContent {
  return Object.fromEntries(contentKeys.map((key) => [key, source[key]])) as ProjectContent;
}

/** What the create wizard collects on top of the project's content. */
export type ProjectDraft = ProjectContent & {
  creatorName: string;
  email: string;
  acceptedTermsAndConditions: boolean;
  signature: string;
  hasAccessCode: boolean;
  accessCode: string;
};

/** A draft as the account keeps it: everything but the domain provider's password, a secret. */
export type WizardDraftData = Omit<ProjectDraft, "domainProviderPassword">;

export function withoutSecrets(draft: ProjectDraft): WizardDraftData {
  const { domainProviderPassword: _secret, ...kept } = draft;
  return kept;
}

export function blankPages(projectType: ProjectType): string[] {
  return Array.from({ length: packageFor(projectType).customPages }, () => "");
}

export function newProjectDraft(projectType: ProjectType = "s", user?: { displayName: string; email: string }): ProjectDraft {
  return {
    creatorName: user?.displayName ?? "",
    email: user?.email ?? "",
    projectName: "",
    projectType,
    creatorPhoneNumber: "",
    projectDomainURL: "",
    domainProviderURL: "",
    domainProviderUsername: "",
    domainProviderPassword: "",
    heroTitle: "",
    heroMessage: "",
    selectedThemes: [0],
    defaultTheme: 0,
    selectedTintColors: [0],
    defaultTintColor: 0,
    customTintColor: null,
    borderRadius: "rounded",
    buttonBorderRadius: "pill",
    pagesText: blankPages(projectType),
    hasSubscriptions: false,
    subscriptionTiers: [],
    linkedInURL: "",
    facebookURL: "",
    instagramURL: "",
    twitterURL: "",
    acceptedTermsAndConditions: false,
    signature: "",
    hasAccessCode: false,
    accessCode: "",
  };
}

export const isProjectType = (value: string): value is ProjectType => (projectTypes as readonly string[]).includes(value);

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const RGB = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i;

/** A custom tint is a hex (#abc, #aabbcc) or rgb(r, g, b) colour. */
export function isColor(value: string): boolean {
  const trimmed = value.trim();
  if (HEX.test(trimmed)) return true;
  const rgb = RGB.exec(trimmed);
  return rgb?.slice(1).every((channel) => Number(channel) <= 255) ?? false;
}

/** Field name to message; empty when the step is complete. */
export type FieldErrors = Partial<Record<string, string>>;

export const MISSING_FIELDS = "You are missing one or more required fields.";
export const SIGNATURE_MISMATCH = "Your signature should match the name you provided in the general section.";
export const REQUIRED = "Required";
export const NOT_A_COLOR = "This is not a colour: use a hex (#1a2b3c) or rgb(26, 43, 60) value";

const blank = (value: string): boolean => value.trim().length === 0;

export type StepContext = { logoCount: number };

export function validateStep(step: WizardStep | OverviewStep, draft: ProjectDraft, context: StepContext): FieldErrors {
  const errors: FieldErrors = {};
  const requireField = (field: keyof ProjectDraft) => {
    if (blank(String(draft[field]))) errors[field] = REQUIRED;
  };
  switch (step) {
    // In the form's order, so the error summary lists them as the fields come.
    case "general":
      requireField("creatorName");
      requireField("email");
      if (!errors.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) errors.email = "Enter a valid e-mail address";
      requireField("creatorPhoneNumber");
      requireField("projectName");
      if (context.logoCount < 1) errors.logoImages = "Add at least one logo image";
      for (const field of ["projectDomainURL", "domainProviderURL", "domainProviderUsername", "domainProviderPassword"] as const) requireField(field);
      break;
    case "landing":
      requireField("heroTitle");
      requireField("heroMessage");
      break;
    case "theme": {
      const themes = new Set(draft.selectedThemes);
      if (themes.size < 1) errors.selectedThemes = "Select at least one theme";
      else if (themes.size > MAX_THEMES || draft.selectedThemes.some((code) => code < 0 || code > 2)) errors.selectedThemes = "Select up to three themes";
      else if (!themes.has(draft.defaultTheme)) errors.defaultTheme = "Choose one of the selected themes as the default";
      if (draft.customTintColor !== null) {
        if (blank(draft.customTintColor)) errors.customTintColor = REQUIRED;
        else if (!isColor(draft.customTintColor)) errors.customTintColor = NOT_A_COLOR;
      } else {
        const tints = new Set(draft.selectedTintColors);
        if (tints.size < 1) errors.selectedTintColors = "Select at least one tint";
        else if (tints.size > MAX_TINTS || draft.selectedTintColors.some((code) => code < 0 || code > 3)) errors.selectedTintColors = "Select up to four tints";
        else if (!tints.has(draft.defaultTintColor)) errors.defaultTintColor = "Choose one of the selected tints as the default";
      }
      break;
    }
    case "features": {
      const expected = packageFor(draft.projectType).customPages;
      if (draft.pagesText.length !== expected) errors.pagesText = `This package has ${expected} custom pages`;
      draft.pagesText.forEach((text, index) => {
        if (blank(text)) errors[`pagesText.${index}`] = REQUIRED;
      });
      break;
    }
    case "subscriptions":
      if (draft.hasSubscriptions) {
        if (draft.subscriptionTiers.length < 1) errors.subscriptionTiers = "Add at least one tier";
        if (draft.subscriptionTiers.length > MAX_TIERS) errors.subscriptionTiers = `Add at most ${MAX_TIERS} tiers`;
        draft.subscriptionTiers.forEach((tier, index) => {
          for (const key of ["name", "pricePerMonth", "features"] as const) {
            if (blank(tier[key])) errors[`subscriptionTiers.${index}.${key}`] = REQUIRED;
          }
        });
      }
      break;
    case "terms":
      if (!draft.acceptedTermsAndConditions) errors.acceptedTermsAndConditions = "Accept the terms and conditions to continue";
      if (blank(draft.signature)) errors.signature = REQUIRED;
      else if (draft.signature.trim() !== draft.creatorName.trim()) errors.signature = SIGNATURE_MISMATCH;
      break;
    case "payment":
      if (draft.hasAccessCode && blank(draft.accessCode)) errors.accessCode = REQUIRED;
      break;
    case "socials":
    case "review":
    case "overview":
      break;
  }
  return errors;
}

const fieldLabels: Record<string, string> = {
  creatorName: "Your name",
  email: "Email",
  creatorPhoneNumber: "Phone number",
  projectName: "Project name",
  projectDomainURL: "Project domain",
  domainProviderURL: "Domain provider URL",
  domainProviderUsername: "Domain provider username",
  domainProviderPassword: "Domain provider password",
  logoImages: "Logo images",
  heroTitle: "Hero title",
  heroMessage: "Hero message",
  selectedThemes: "Themes",
  defaultTheme: "Default theme",
  customTintColor: "Custom tint colour",
  selectedTintColors: "Tint colours",
  defaultTintColor: "Default tint colour",
  pagesText: "Custom pages",
  subscriptionTiers: "Subscription tiers",
  acceptedTermsAndConditions: "Terms and conditions",
  signature: "Signature",
  accessCode: "Access code",
};
const tierKeyLabels: Record<string, string> = { name: "name", pricePerMonth: "price per month", features: "features" };

/** How a field of FieldErrors is called on screen: `pagesText.1` is "Page 2", `subscriptionTiers.0.name` "Tier 1 name". */
export function fieldLabel(field: string): string {
  const [root = field, index, key] = field.split(".");
  const number = Number(index) + 1;
  if (root === "pagesText" && index !== undefined) return `Page ${number}`;
  if (root === "subscriptionTiers" && key !== undefined) return `Tier ${number} ${tierKeyLabels[key] ?? key}`;
  return fieldLabels[root] ?? root;
}

/**
 * The message for a step (or an order) that fails, naming what is wrong: the spec's
 * 'missing required fields' only when fields are missing, its signature message for a signature
 * that does not match, else the field and its problem (an invalid custom tint is not 'missing').
 */
export function stepErrorMessage(errors: FieldErrors): string {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (entries.length === 0) return MISSING_FIELDS;
  if (entries.every(([, problem]) => problem === REQUIRED)) return MISSING_FIELDS;
  if (entries.length === 1 && entries[0]?.[1] === SIGNATURE_MISMATCH) return SIGNATURE_MISMATCH;
  const problems = entries.filter(([, problem]) => problem !== REQUIRED);
  const named = problems.map(([field, problem]) => `${fieldLabel(field)}: ${problem}${problem.endsWith(".") ? "" : "."}`).join(" ");
  const missing = entries.length - problems.length;
  return missing > 0 ? `${named} ${MISSING_FIELDS}` : named;
}

/** All steps that apply to a draft being created; the server runs this on POST /api/projects. */
export function validateDraft(draft: ProjectDraft, context: StepContext): FieldErrors {
  return Object.assign({}, ...wizardSteps.map((step) => validateStep(step, draft, context)));
}

/** The steps that apply to a saved project's content; the server runs this on updates. */
export function validateContent(draft: ProjectDraft, context: StepContext): FieldErrors {
  return Object.assign({}, ...overviewSteps.map((step) => validateStep(step, draft, context)));
}

// State transitions of SPEC.md §4, pure so the island and its tests share them.

/** Choosing a default theme also selects it. */
export function chooseDefaultTheme(draft: ProjectDraft, code: number): ProjectDraft {
  const selected = draft.selectedThemes.includes(code) ? draft.selectedThemes : [...draft.selectedThemes, code];
  return { ...draft, selectedThemes: selected, defaultTheme: code };
}

/** Adds or removes one choice within a limit; removing the default moves it to the first remaining choice. */
function toggleChoice(selected: number[], chosenDefault: number, code: number, max: number): { selected: number[]; chosenDefault: number } {
  if (!selected.includes(code)) {
    return selected.length >= max ? { selected, chosenDefault } : { selected: [...selected, code], chosenDefault };
  }
  const remaining = selected.filter((c) => c !== code);
  return { selected: remaining, chosenDefault: chosenDefault === code ? (remaining[0] ?? code) : chosenDefault };
}

export function toggleTheme(draft: ProjectDraft, code: number): ProjectDraft {
  const next = toggleChoice(draft.selectedThemes, draft.defaultTheme, code, MAX_THEMES);
  return { ...draft, selectedThemes: next.selected, defaultTheme: next.chosenDefault };
}

export function chooseDefaultTint(draft: ProjectDraft, code: number): ProjectDraft {
  const selected = draft.selectedTintColors.includes(code) ? draft.selectedTintColors : [...draft.selectedTintColors, code];
  return { ...draft, selectedTintColors: selected, defaultTintColor: code, customTintColor: null };
}

export function toggleTint(draft: ProjectDraft, code: number): ProjectDraft {
  if (draft.customTintColor !== null) return draft;
  const next = toggleChoice(draft.selectedTintColors, draft.defaultTintColor, code, MAX_TINTS);
  return { ...draft, selectedTintColors: next.selected, defaultTintColor: next.chosenDefault };
}

/** Turning on a custom tint clears the preset tints; turning it off restores blue. */
export function setCustomTint(draft: ProjectDraft, on: boolean): ProjectDraft {
  return on
    ? { ...draft, customTintColor: "", selectedTintColors: [], defaultTintColor: CUSTOM_TINT }
    : { ...draft, customTintColor: null, selectedTintColors: [0], defaultTintColor: 0 };
}

/** Enabling subscriptions adds one blank tier; disabling clears them. */
export function setSubscriptions(draft: ProjectDraft, on: boolean): ProjectDraft {
  return { ...draft, hasSubscriptions: on, subscriptionTiers: on ? [{ name: "", pricePerMonth: "", features: "" }] : [] };
}

/** Changing the size while creating resets the page lists to the package's page count. */
export function setProjectType(draft: ProjectDraft, projectType: ProjectType): ProjectDraft {
  return { ...draft, projectType, pagesText: blankPages(projectType) };
}
