// Personal API tokens (decision 086): what the app assembles.
export { apiTokensApi } from "./api";
export { adminApiTokenPages, apiTokenPages } from "./pages";
