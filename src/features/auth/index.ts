// The auth feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
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
