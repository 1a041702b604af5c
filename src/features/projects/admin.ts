// The admins' bulk changes and deletions of projects.
import type { NewProject } from "../../../db/schema";
import { badRequest, conflict, notFound } from "../../http/errors";
import { claimCode } from "../access-codes/queries";
import { normalizeAccessCode } from "../access-codes/service";
import { notifyProjectChanges, readProjectsBefore } from "../notifications/project-events";
import type { AdminProjectsPatch } from "./model";
import { lockProject, updateProjects } from "./queries";
import { type Deps, INVALID_ADMIN_CODE, PROJECT_NOT_FOUND, deleteWithImages } from "./service";

export async function updateProjectsAsAdmin(deps: Deps, patch: AdminProjectsPatch): Promise<{ message: string; projectIDs: string[] }> {
  const ids = [...new Set(patch.projectIDs)];
  const { accessCode, ...flags } = patch.updatedFields;
  const updated = await deps.database.db.transaction(async (tx) => {
    const values: Partial<NewProject> = { ...flags };
    if (accessCode !== undefined) {
      if (ids.length !== 1) throw badRequest("An access code can be submitted for one project at a time.", { projectIDs: "Select one project" });
      const projectId = ids[0]!;
      const project = await lockProject(tx, projectId);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      if (project.accessCode) throw conflict("An access code was already submitted for this project.");
      const code = normalizeAccessCode(accessCode);
      if (code === null || !(await claimCode(tx, code, projectId))) throw badRequest(INVALID_ADMIN_CODE, { accessCode: INVALID_ADMIN_CODE });
      values.accessCode = code;
    }
    const before = await readProjectsBefore(tx, ids);
    const updated = await updateProjects(tx, ids, values);
    await notifyProjectChanges(tx, deps.jobs, before, values, (id) => `${deps.config.publicUrl}/projects/${id}/status`);
    return updated;
  });
  if (updated.length === 0) throw notFound("No project matched those ids.");
  return { message: updated.length === 1 ? "Project updated." : `${updated.length} projects updated.`, projectIDs: updated };
}

export async function deleteProjectsAsAdmin(deps: Deps, ids: string[]): Promise<{ message: string; projectIDs: string[] }> {
  const deleted = await deleteWithImages(deps, ids);
  if (deleted.length === 0) throw notFound("No project matched those ids.");
  return { message: deleted.length === 1 ? "Project deleted." : `${deleted.length} projects deleted.`, projectIDs: deleted };
}
