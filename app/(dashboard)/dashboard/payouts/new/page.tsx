import "@/app/_dashboard/money.css";
import { SendMoneyForm } from "@/app/_dashboard/client/send-money-form";
import { confirmSendMoneyAction, predictOperatorAction, reviewSendMoneyAction } from "@/app/_dashboard/money-actions";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { moneyMessages } from "@/lib/dashboard/i18n-money";
import { messages } from "@/lib/dashboard/i18n";
import { sendMoneyOptions } from "@/lib/dashboard/send-money";

export const dynamic = "force-dynamic";

/** Send money: one payout to a wallet or a bank account, priced and reviewed before it is sent. */
export default async function SendMoneyPage() {
  const scope = await requireScope("money");
  const locale = await currentLocale();
  const t = moneyMessages(locale).send;
  const options = await sendMoneyOptions(scope, locale);
  return (
    <div className="stack money-page">
      <p>
        <a href="/dashboard/payouts">← {messages(locale).payout.back}</a>
      </p>
      <h1>{t.title}</h1>
      <p className="muted">{t.intro}</p>
      <SendMoneyForm review={reviewSendMoneyAction} confirm={confirmSendMoneyAction} predict={predictOperatorAction} options={options} locale={locale} />
    </div>
  );
}
