import { notFound } from "next/navigation";
import { submitVerificationAction } from "@/app/_dashboard/actions";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { formatDate } from "@/app/_dashboard/format";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { messages } from "@/lib/dashboard/i18n";
import { getVerification } from "@/lib/dashboard/verification";

export default async function VerificationPage() {
  const scope = await requireScope("account");
  // The sandbox needs no verification.
  if (scope.environment !== "production") notFound();
  const locale = await currentLocale();
  const m = messages(locale);
  const v = m.verification;
  const current = await getVerification(scope);
  const d = current.details;
  const field = (name: keyof NonNullable<typeof d>, label: string, required = true) => (
    <label>
      {label}
      <input name={name} defaultValue={d?.[name] ?? ""} required={required} />
    </label>
  );
  return (
    <div className="stack">
      <h1>{v.title}</h1>
      <p data-testid="verification-status">
        {v.statusLabel}: <strong>{v.statuses[current.status] ?? current.status}</strong>
        {current.submittedAt ? ` · ${formatDate(current.submittedAt, locale)}` : ""}
      </p>
      {current.status === "verified" ? null : (
        <>
          <p>{v.intro}</p>
          <ActionForm action={submitVerificationAction} submit={v.submit} success={v.sent} testId="verification-form">
            {field("legalName", v.legalName)}
            {field("registrationNumber", v.registrationNumber)}
            {field("address", v.address)}
            {field("website", v.website, false)}
            {field("ownerName", v.ownerName)}
            {field("ownerId", v.ownerId)}
          </ActionForm>
        </>
      )}
    </div>
  );
}
