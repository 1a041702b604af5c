// The auth feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { confirmMfaSetup, mfaStatus, regenerateRecoveryCodes, resetUserMfa, startMfaSetup, turnOffMfa } from "./mfa";
export { hashPassword } from "./passwords";
export {
  EMAIL_IN_USE_MESSAGE,
  changePassword,
  checkDisplayName,
  checkEmail,
  confirmCurrentPassword,
  findUser,
  signInUser,
  throwIfInvalid,
  toPublicUser,
} from "./service";
