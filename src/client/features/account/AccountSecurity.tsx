// Settings → Account and security (issue 18 section 3): password, email, Google, signed-in devices, export and
// deletion. Every change that touches how one signs in asks for the current password (or a fresh Google sign-in).
import type { UserView } from "../../../shared/schemas/accounts";
import { DeleteSection } from "./DeleteSection";
import { ExportSection } from "./ExportSection";
import { SessionsSection } from "./SessionsSection";
import { SignInSection } from "./SignInSection";

const card = "rounded-2xl border border-brand-100 bg-white p-5 shadow-sm sm:p-6";

export function AccountSecurity({ user }: { user: UserView }) {
  return (
    <section aria-labelledby="account-security-heading" className={card}>
      <h2 id="account-security-heading" className="mb-4 text-lg font-semibold text-ink">
        Account and security
      </h2>
      <SignInSection user={user} />
      <SessionsSection />
      <ExportSection />
      <DeleteSection user={user} />
    </section>
  );
}
