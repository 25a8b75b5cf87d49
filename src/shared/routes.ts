// The client's route table (SPEC.md section 2). The server uses it to answer unknown pages with 404.

export const ROUTES = {
  landing: "/",
  auth: "/auth",
  authSuccess: "/auth-success",
  emailConfirmed: "/email-confirmed",
  resetPassword: "/reset-password",
  dashboard: "/dashboard",
  create: "/dashboard/create",
  discover: "/dashboard/discover",
  story: (id: number | string) => `/dashboard/story/${id}`,
  read: (id: number | string) => `/dashboard/story/${id}/read`,
  details: (id: number | string) => `/dashboard/story/${id}/details`,
  upgrade: "/dashboard/upgrade",
  settings: "/dashboard/settings",
} as const;

const CLIENT_PATTERNS = [
  /^\/$/,
  /^\/auth$/,
  /^\/auth-success$/,
  /^\/email-confirmed$/,
  /^\/reset-password$/,
  /^\/(privacy|terms)$/,
  /^\/dashboard$/,
  /^\/dashboard\/create$/,
  /^\/dashboard\/discover$/,
  /^\/dashboard\/story\/\d+$/,
  /^\/dashboard\/story\/\d+\/(read|details)$/,
  /^\/dashboard\/upgrade$/,
  /^\/dashboard\/settings$/,
  /^\/dev\/checkout$/,
];

export function isClientRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return CLIENT_PATTERNS.some((p) => p.test(path));
}
