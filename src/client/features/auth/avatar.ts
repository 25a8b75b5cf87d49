/** The avatar letter: the uppercased first letter of the username, or '?'. */
export function avatarInitial(username: string | null | undefined): string {
  return username?.charAt(0).toUpperCase() || "?";
}
