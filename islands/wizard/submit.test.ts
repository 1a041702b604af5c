import { expect, test } from "bun:test";
import { MAX_UPLOAD_BODY_BYTES, UPLOAD_TOO_LARGE } from "../../src/shared/uploads";
import { postWithProgress, uploadError } from "./submit";

test("a 413 shows the server's message with the limit, or says what it means when a proxy sent no JSON", () => {
  const fromServer = uploadError({ status: 413, body: { message: "The request body is too large (limit 40 MiB).", limit: MAX_UPLOAD_BODY_BYTES }, data: null });
  expect(fromServer.message).toBe("The request body is too large (limit 40 MiB).");
  expect(uploadError({ status: 413, body: "", data: null }).message).toBe(UPLOAD_TOO_LARGE);
  expect(uploadError({ status: 413, body: "<html>Request Entity Too Large</html>", data: null }).message).toBe(UPLOAD_TOO_LARGE);
});

test("fields named by their path in the form map back to the draft's names", () => {
  const failure = uploadError({
    status: 400,
    body: { message: "Invalid data.projectName: Expected string", fields: { "data.projectName": "Expected string" } },
    data: null,
  });
  expect(failure.fields).toEqual({ projectName: "Expected string" });
});

test("an order larger than the limit is refused before anything is sent", async () => {
  const form = new FormData();
  form.append("logoImages", new File([new Uint8Array(MAX_UPLOAD_BODY_BYTES + 1)], "huge.png", { type: "image/png" }));
  const result = await postWithProgress("/api/projects", form, () => {});
  expect(result.status).toBe(413);
  expect(uploadError(result).message).toBe(UPLOAD_TOO_LARGE);
});
