// /dashboard/moderation: the queue of open reports, appeals and held comments (moderators and admins), and the
// audit log (admins). Others see a plain refusal; the server answers them 403 anyway.
import { useAuth } from "../features/auth/auth-context";
import { AuditLog } from "../features/moderation/AuditLog";
import { ModerationQueue } from "../features/moderation/ModerationQueue";

export default function ModerationPage() {
  const { user } = useAuth();
  const role = user?.role ?? "user";
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      {role !== "moderator" && role !== "admin" ? (
        <p className="rounded-2xl border border-brand-100 bg-white p-6 text-slate-700">
          This page is for moderators. If you think you should see it, ask an admin.
        </p>
      ) : (
        <div className="space-y-10">
          <ModerationQueue />
          {role === "admin" && <AuditLog />}
        </div>
      )}
    </div>
  );
}
