// The projects feature as other features see it: import from here (or from model.ts for schemas and types), never from its other files.
export { projectImageUploads } from "./images";
export { deleteOverdueProjects } from "./overdue";
export { PROJECT_NOT_FOUND, lockProjectForUpdate, markProjectInvoiced } from "./service";
