// Random tokens for cookies and emailed links; only their SHA-256 is ever stored.
import { hash, randomBytes } from "node:crypto";

// NOTE: the one-shot hash: every signed-in request hashes its session token, and this costs half of
// createHash().update().digest().
export const sha256 = (value: string) => hash("sha256", value, "hex");
export const randomToken = () => randomBytes(32).toString("base64url");
