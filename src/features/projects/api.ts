// The projects API (SPEC.md §7 "Projects and access codes", DESIGN.md "API contract").
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireAdmin, requireUser } from "../../http/guards";
import { readMultipartBody } from "./form";
import {
  AddImagesForm,
  AdminProjectsDeleteQuery,
  AdminProjectsPatch,
  BulkAnswer,
  CreateProjectForm,
  CreatedProject,
  MAX_BULK_IDS,
  Message,
  ProjectIdParams,
  ProjectImagesAnswer,
  ProjectModel,
  ProjectPatch,
  ProjectSearchQuery,
  ProjectsPage,
  UpdatedProject,
} from "./model";
import {
  addProjectImages,
  createProject,
  deleteProject,
  deleteProjectsAsAdmin,
  getProject,
  parseIdList,
  searchProjects,
  updateProject,
  updateProjectsAsAdmin,
} from "./service";

const multipart = ({ request }: { request: Request }) => readMultipartBody(request);

/** Ordering is open to visitors: it creates their account. */
export const ordersApi = (deps: AppDeps) =>
  new Elysia({ name: "orders-api", prefix: "/api/projects" })
    .use(context(deps))
    .post(
      "",
      async ({ actor, body, set, status }) => {
        const created = await createProject(deps, actor, body);
        if (created.setCookie) set.headers["set-cookie"] = created.setCookie;
        return status(201, { projectID: created.projectID, message: created.message });
      },
      { parse: multipart, body: CreateProjectForm, response: { 201: CreatedProject } },
    );

/** A customer's own projects (and any project, for admins); a session is checked before validation. */
export const projectsApi = (deps: AppDeps) =>
  new Elysia({ name: "projects-api", prefix: "/api/projects" })
    .use(context(deps))
    .onTransform(({ actor }) => void requireUser(actor))
    .get("/search", ({ actor, query }) => searchProjects(deps, query, { creatorId: requireUser(actor).user.id }), {
      query: ProjectSearchQuery,
      response: ProjectsPage,
    })
    .get("/:id", ({ actor, params }) => getProject(deps, actor, params.id), { params: ProjectIdParams, response: ProjectModel })
    .patch("/:id", ({ actor, params, body }) => updateProject(deps, actor, params.id, body), {
      params: ProjectIdParams,
      body: ProjectPatch,
      response: UpdatedProject,
    })
    .delete("/:id", ({ actor, params }) => deleteProject(deps, actor, params.id), { params: ProjectIdParams, response: Message })
    .post("/:id/images", ({ actor, params, body }) => addProjectImages(deps, actor, params.id, body), {
      params: ProjectIdParams,
      parse: multipart,
      body: AddImagesForm,
      response: ProjectImagesAnswer,
    });

export const adminProjectsApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-projects-api", prefix: "/api/admin/projects" })
    .use(context(deps))
    // The role is checked before the request is validated, so outsiders learn nothing of its shape.
    .onTransform(({ actor }) => void requireAdmin(actor))
    .get("/search", ({ query }) => searchProjects(deps, query, { everyone: true }), { query: ProjectSearchQuery, response: ProjectsPage })
    .patch("", ({ body }) => updateProjectsAsAdmin(deps, body), { body: AdminProjectsPatch, response: BulkAnswer })
    .delete("", ({ query }) => deleteProjectsAsAdmin(deps, parseIdList(query.projectIDs, "projectIDs", MAX_BULK_IDS)), {
      query: AdminProjectsDeleteQuery,
      response: BulkAnswer,
    });
