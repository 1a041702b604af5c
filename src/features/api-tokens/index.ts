// Personal API tokens (decision 086): what the app assembles and what other features may use.
export { apiTokensApi } from "./api";
