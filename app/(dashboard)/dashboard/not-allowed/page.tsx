import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { teamMessages } from "@/lib/dashboard/i18n-team";
import { refusalMessage, type Permission } from "@/lib/identity/roles";

const PERMISSIONS: Permission[] = ["view", "self", "keys", "webhooks", "requests", "money", "team", "audit", "account", "branding", "approve"];

/** Where requireScope sends a member whose role lacks what a page needs: what it lacks, and whom to ask. */
export default async function NotAllowedPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const scope = await requireScope("self");
  const locale = await currentLocale();
  const t = teamMessages(locale).notAllowed;
  const need = (await searchParams).need;
  const permission = PERMISSIONS.find((p) => p === need) ?? "view";
  return (
    <div className="stack">
      <h1>{t.title}</h1>
      <p role="alert" className="error" data-testid="role-refusal">
        {refusalMessage(scope.role, permission, locale)}
      </p>
      <p>
        <a href="/dashboard">{t.back}</a>
      </p>
    </div>
  );
}
