// The wizard's steps (SPEC.md §2, §3, §5), one file each. Every rule lives in src/shared/wizard.ts;
// the steps only show the draft and call those functions.
import type { ReactNode } from "react";
import type { Step } from "../state";
import { FeaturesStep } from "./features";
import { GeneralStep } from "./general";
import { LandingStep } from "./landing";
import { OverviewStep } from "./overview";
import { PaymentStep } from "./payment";
import { ReviewStep } from "./review";
import { SocialsStep } from "./socials";
import { SubscriptionsStep } from "./subscriptions";
import { TermsStep } from "./terms";
import { ThemeStep } from "./theme";

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
