// The projects API (SPEC.md §7 "Projects and access codes", DESIGN.md "API contract").
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { context } from "../../http/context";
import { parseIdList } from "../../http/id-list";
import { parseMultipart } from "../../http/multipart";
import { MessageAnswer, operation } from "../../http/openapi";
import { enforceRateLimit } from "../../http/rate-limit";
import { strictBody } from "../../http/unknown-fields";
import { adminAuditBy, auditBy } from "../audit";
import { deleteProjectsAsAdmin, grantRevisionRound, updateProjectsAsAdmin } from "./admin-service";
import { createProject } from "./create";
import { discardWizardDraft, readWizardDraft, saveWizardDraft } from "./drafts";
import { addProjectImages, deleteProject, getProject, updateProject } from "./edit";
import {
  AddImagesForm,
  AdminProjectsDeleteQuery,
  AdminProjectsPatch,
  BulkAnswer,
  CreateProjectForm,
  CreatedProject,
  MAX_BULK_IDS,
  ProjectIdParams,
  ProjectImagesAnswer,
  ProjectModel,
  ProjectPatch,
  ProjectSearchQuery,
  ProjectsPage,
  UpdatedProject,
  WizardDraftAnswer,
  WizardDraftPut,
} from "./model";
import { searchProjects } from "./service";

const VISITOR_ORDER_LIMIT = { name: "orders-visitor", max: 20, windowMs: 60 * 60 * 1000 };

/** Ordering is open to visitors: it creates their account. */
export const ordersApi = (deps: AppDeps) =>
  new Elysia({ name: "orders-api", prefix: "/api/projects" }).use(context(deps)).post(
    "",
    async ({ actor, body, request, set, status }) => {
      // A visitor's order is also a registration (an account and a mail), so it is limited like one.
      if (!actor) await enforceRateLimit(deps.database.db, VISITOR_ORDER_LIMIT, clientIp(request));
      const created = await createProject(deps, actor, body);
      if (created.setCookie) set.headers["set-cookie"] = created.setCookie;
      return status(201, { projectID: created.projectID, reference: created.reference, message: created.message, email: created.email });
    },
    {
      parse: parseMultipart,
      ...strictBody(CreateProjectForm),
      response: { 201: CreatedProject },
      detail: operation("Projects", "public", "Order a project (multipart: data and images); visitors get an account"),
    },
  );

/** The signed-in customer's unfinished order; the path names no id, so nobody reaches another's. */
export const wizardDraftApi = (deps: AppDeps) =>
  new Elysia({ name: "wizard-draft-api", prefix: "/api/users/me/wizard-draft" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("", ({ actor }) => readWizardDraft(deps, actor), {
      response: WizardDraftAnswer,
      detail: operation("Projects", "signed-in", "Your unfinished order, as last autosaved"),
    })
    .put("", ({ actor, body }) => saveWizardDraft(deps, actor, body.draft), {
      ...strictBody(WizardDraftPut),
      response: WizardDraftAnswer,
      detail: operation("Projects", "signed-in", "Autosave your unfinished order (never its domain password)"),
    })
    .delete("", ({ actor }) => discardWizardDraft(deps, actor), {
      response: WizardDraftAnswer,
      detail: operation("Projects", "signed-in", "Discard your unfinished order"),
    });

/** A customer's own projects (and any project, for admins); a session is checked before validation. */
export const projectsApi = (deps: AppDeps) =>
  new Elysia({ name: "projects-api", prefix: "/api/projects" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/search", ({ actor, query }) => searchProjects(deps, query, { creatorId: actor.user.id }), {
      query: ProjectSearchQuery,
      response: ProjectsPage,
      detail: operation("Projects", "signed-in", "Search your projects"),
    })
    .get("/:id", ({ actor, params }) => getProject(deps, actor, params.id), {
      params: ProjectIdParams,
      response: ProjectModel,
      detail: operation("Projects", "signed-in", "Read one of your projects"),
    })
    .patch("/:id", ({ actor, params, body, request }) => updateProject(deps, actor, params.id, body, adminAuditBy(actor, request)), {
      params: ProjectIdParams,
      ...strictBody(ProjectPatch),
      response: UpdatedProject,
      detail: operation("Projects", "signed-in", "Edit one of your projects"),
    })
    .delete("/:id", ({ actor, params, request }) => deleteProject(deps, actor, params.id, adminAuditBy(actor, request)), {
      params: ProjectIdParams,
      response: MessageAnswer,
      detail: operation("Projects", "signed-in", "Delete one of your projects"),
    })
    .post("/:id/images", ({ actor, params, body, request }) => addProjectImages(deps, actor, params.id, body, adminAuditBy(actor, request)), {
      params: ProjectIdParams,
      parse: parseMultipart,
      ...strictBody(AddImagesForm),
      response: ProjectImagesAnswer,
      detail: operation("Projects", "signed-in", "Add images to one of your projects (multipart)"),
    });

export const adminProjectsApi = (deps: AppDeps) =>
  new Elysia({ name: "admin-projects-api", prefix: "/api/admin/projects" })
    .use(context(deps))
    // The role is checked before the request is validated, so outsiders learn nothing of its shape.
    .guard({ auth: "admin" })
    .get("/search", ({ query }) => searchProjects(deps, query, { everyone: true }), {
      query: ProjectSearchQuery,
      response: ProjectsPage,
      detail: operation("Projects (admin)", "admin", "Search every project"),
    })
    .patch("", ({ actor, body, request }) => updateProjectsAsAdmin(deps, body, auditBy(actor, request)), {
      ...strictBody(AdminProjectsPatch),
      response: BulkAnswer,
      detail: operation("Projects (admin)", "admin", "Change status, payment, archive of several projects"),
    })
    .post("/:id/revision-round", ({ actor, params, request }) => grantRevisionRound(deps, params.id, auditBy(actor, request)), {
      params: ProjectIdParams,
      response: MessageAnswer,
      detail: operation("Projects (admin)", "admin", "Open another revision round for 10 days (after the request, or after the window)"),
    })
    .delete(
      "",
      ({ actor, query, request }) => deleteProjectsAsAdmin(deps, parseIdList(query.projectIDs, "projectIDs", MAX_BULK_IDS), auditBy(actor, request)),
      { query: AdminProjectsDeleteQuery, response: BulkAnswer, detail: operation("Projects (admin)", "admin", "Delete several projects") },
    );
