// The browser assets as the server holds them once built (src/render/assets.ts builds them at
// start-up): what pages link to and what the server serves. Only their shape lives here, below
// deps.ts, so the dependencies every feature receives do not import the renderer.
/** `gzip` and `br` are null for what is compressed already (fonts). */
export type Asset = { body: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> | null; br: Uint8Array<ArrayBuffer> | null; contentType: string };
export type Assets = {
  css: string;
  /** Fonts every page preloads (the stylesheet's Latin Inter). */
  preloadFonts: string[];
  loader: string;
  islands: Record<string, string>;
  /** Plain scripts without React for pages whose only interaction is small (islands/behaviours). */
  behaviours: Record<string, string>;
  files: Map<string, Asset>;
};
