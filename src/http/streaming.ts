// A rendered page names the nonce of React's inline scripts in SCRIPT_NONCE_HEADER. React completes
// a Suspense boundary with a small inline script, which the content security policy allows only
// when it carries this response's nonce: the HTTP wrapper takes the header off and adds the nonce
// to `script-src`. A page still loading part of its content (no content-length) leaves as a
// stream, compressed as it goes: its head and shell first. A header, not a property of the
// Response object: the framework may hand the wrapper a copy of the Response a route returned.

export const SCRIPT_NONCE_HEADER = "x-script-nonce";

/** A fresh script nonce for one response: 128 random bits, base64. */
export function scriptNonce(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
}
