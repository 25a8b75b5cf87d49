// The user as GET /api/user presents it (the server's presenter is the source of this shape).
export type { PresentedUser as User } from "../../../server/accounts/present";
