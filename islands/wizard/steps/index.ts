// The wizard's steps (SPEC.md §2, §3, §5), one file each. Every rule lives in src/shared/wizard.ts;
// the steps only show the draft and call those functions. Each step after the first is its own
// chunk, loaded when it is first shown (and the next one ahead of time), so the island's first load
// stays small. The first, General, is part of the island: the server renders it for the project
// form, which hydrates it as it is.
import { type ComponentType, lazy } from "react";
import type { Step } from "../state";
import { GeneralStep } from "./general";

type Loader = () => Promise<{ default: ComponentType }>;

const loaders: Record<Step, Loader> = {
  general: () => Promise.resolve({ default: GeneralStep }),
  landing: () => import("./landing").then((m) => ({ default: m.LandingStep })),
  theme: () => import("./theme").then((m) => ({ default: m.ThemeStep })),
  features: () => import("./features").then((m) => ({ default: m.FeaturesStep })),
  subscriptions: () => import("./subscriptions").then((m) => ({ default: m.SubscriptionsStep })),
  socials: () => import("./socials").then((m) => ({ default: m.SocialsStep })),
  review: () => import("./review").then((m) => ({ default: m.ReviewStep })),
  terms: () => import("./terms").then((m) => ({ default: m.TermsStep })),
  payment: () => import("./payment").then((m) => ({ default: m.PaymentStep })),
  overview: () => import("./overview").then((m) => ({ default: m.OverviewStep })),
};

export const stepComponents: Record<Step, ComponentType> = {
  general: GeneralStep,
  landing: lazy(loaders.landing),
  theme: lazy(loaders.theme),
  features: lazy(loaders.features),
  subscriptions: lazy(loaders.subscriptions),
  socials: lazy(loaders.socials),
  review: lazy(loaders.review),
  terms: lazy(loaders.terms),
  payment: lazy(loaders.payment),
  overview: lazy(loaders.overview),
};

/** Starts loading a step's chunk (the one after the current), so Next shows it at once. */
export function preloadStep(step: Step): void {
  void loaders[step]().catch(() => undefined);
}
