// Site-wide facts from the config that the layout shows on every page (the footer's social
// link), provided by page() so that views need no access to the dependencies.
import { createContext, use } from "react";

export type SiteInfo = { socialUrl: string };

export const SiteContext = createContext<SiteInfo>({ socialUrl: "https://www.linkedin.com" });

export const useSite = (): SiteInfo => use(SiteContext);
