// The access-codes feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { ACCESS_CODE_CSV_HEADER, accessCodeCsvRows, claimCodeFor, isCodeFree, listAccessCodes, normalizeAccessCode } from "./service";
