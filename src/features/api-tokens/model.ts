// The shapes of personal API tokens on the wire. The secret appears in exactly one answer: creation.
import { t } from "elysia";

export const CreateApiTokenBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100, error: "Give the token a name of 1 to 100 characters." }),
    expiresInDays: t.Optional(
      t.Union([t.Literal(30), t.Literal(90), t.Literal(365), t.Null()], { error: "expiresInDays must be 30, 90, 365 or null (never)." }),
    ),
  },
  { additionalProperties: false },
);

export const ApiTokenModel = t.Object({
  id: t.String(),
  name: t.String(),
  createdAt: t.String({ format: "date-time" }),
  lastUsedAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

export const CreatedApiTokenAnswer = t.Object({
  id: t.String(),
  token: t.String({ description: "The token itself (`wst_…`): shown this once, never again" }),
  name: t.String(),
  createdAt: t.String({ format: "date-time" }),
  lastUsedAt: t.Null(),
  expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

export const ApiTokensAnswer = t.Object({ tokens: t.Array(ApiTokenModel) });
