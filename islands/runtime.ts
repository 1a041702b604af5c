// The one copy of React, React DOM and Jotai that every island on a page shares, with the code that
// hydrates them: built as one file (src/render/assets.ts), loaded by islands/loader.ts when the
// first island is wanted. Islands import these packages by name as usual; the build points those
// imports here, so only the names below can be imported from them (the build says which is missing).

export { Provider, atom, createStore, useAtom, useAtomValue, useSetAtom } from "jotai";
export { useHydrateAtoms } from "jotai/utils";
export { Fragment, Suspense, createElement, lazy, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
export { jsx, jsxs } from "react/jsx-runtime";
export { createPortal } from "react-dom";
export { hydrateIsland } from "./hydrate";
