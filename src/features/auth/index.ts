// The auth feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.

import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { feature } from "../../http/feature";
import { authApi, oauthRoutes } from "./api";
import { authPages } from "./pages";

export { confirmMfaSetup, mfaStatus, regenerateRecoveryCodes, resetUserMfa, startMfaSetup } from "./mfa";
export { hashPassword } from "./passwords";
export { pruneSignInTickets } from "./queries";
export { type Proof, confirmIdentity, sendConfirmationCode, turnOffOwnMfa } from "./reprove";
export {
  EMAIL_IN_USE_MESSAGE,
  changePassword,
  checkDisplayName,
  checkEmail,
  findUser,
  signInUser,
  throwIfInvalid,
  toPublicUser,
} from "./service";

/** The auth feature as src/app.ts mounts it: its pages, and its JSON API as `.api` (src/http/feature.ts). */
export const authFeature = (deps: AppDeps) =>
  feature("auth", { api: new Elysia({ name: "auth-feature-api" }).use(authApi(deps)).use(oauthRoutes(deps)) }, authPages(deps));
