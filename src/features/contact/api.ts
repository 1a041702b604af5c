// POST /api/contact-us/send-contact-email (SPEC.md §7): answers { message } to show as confirmation.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { clientIp } from "../../http/client-ip";
import { MessageAnswer, operation } from "../../http/openapi";
import { refuseUnknownFields } from "../../http/unknown-fields";
import { ContactBody } from "./model";
import { sendContactMessage } from "./service";

export const contactApi = (deps: AppDeps) =>
  new Elysia({ name: "contact-api", prefix: "/api/contact-us" }).post(
    "/send-contact-email",
    async ({ body, request }) => ({ message: await sendContactMessage(deps, clientIp(request), body) }),
    {
      transform: refuseUnknownFields(ContactBody),
      body: ContactBody,
      response: MessageAnswer,
      detail: operation("Contact", "public", "Send the studio a message"),
    },
  );
