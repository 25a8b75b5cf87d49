// /dashboard/wrangling: the tag wrangling queue (wranglers, moderators and admins). Others see a plain refusal; the
// server answers them 403 anyway.
import { canWrangle } from "../../shared/schemas/wrangling";
import { useAuth } from "../features/auth/auth-context";
import { WranglingQueue } from "../features/wrangling/WranglingQueue";

export default function WranglingPage() {
  const { user } = useAuth();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6">
      {canWrangle(user?.role) ? (
        <WranglingQueue />
      ) : (
        <p className="rounded-2xl border border-brand-100 bg-white p-6 text-slate-700">
          This page is for tag wranglers. If you think you should see it, ask an admin.
        </p>
      )}
    </div>
  );
}
