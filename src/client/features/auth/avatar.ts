/** The avatar letter of SPEC.md section 2: the uppercased first letter of the username, or '?'. */
export function avatarInitial(username: string | null | undefined): string {
  return username?.charAt(0).toUpperCase() || "?";
}
