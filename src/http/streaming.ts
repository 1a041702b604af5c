// Pages still loading part of their content when their shell is ready leave as a stream: the head
// and the shell first, each Suspense boundary's content once it resolves. React completes a
// boundary with a small inline script, which the content security policy allows only when it
// carries this response's nonce, so such a page names its nonce here and the HTTP wrapper adds it
// to `script-src` and compresses the stream as it goes rather than reading it whole.

const nonces = new WeakMap<Response, string>();

/** A fresh script nonce for one response: 128 random bits, base64. */
export function scriptNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}

/** Marks `response` as a page that streams, with the nonce its inline scripts carry. */
export function streamingResponse(response: Response, nonce: string): Response {
  nonces.set(response, nonce);
  return response;
}

/** The nonce of a streaming page, or undefined for an answer that is whole when it is returned. */
export function nonceOf(response: Response): string | undefined {
  return nonces.get(response);
}
