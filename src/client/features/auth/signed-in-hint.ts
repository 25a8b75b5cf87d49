// Whether this browser is probably signed in, from the hint cookie the server sets beside the session
// (src/shared/signed-in-hint.ts). No request: the prerendered landing page and the first user query use it.
import { createContext, useContext } from "react";
import { hasSignedInHint } from "../../../shared/signed-in-hint";

/** Set only while prerendering, where there is no document to read the cookie from. */
export const PrerenderSignedInContext = createContext<boolean | undefined>(undefined);

export function readSignedInHint(): boolean {
  return typeof document !== "undefined" && hasSignedInHint(document.cookie);
}

export function useSignedInHint(): boolean {
  return useContext(PrerenderSignedInContext) ?? readSignedInHint();
}
