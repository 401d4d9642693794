import { addTestFundsAction, changeBalanceModeAction, moveFundsAction } from "@/app/_dashboard/actions";
import { can } from "@/lib/identity/roles";
import { BalanceTable } from "@/app/_dashboard/balance-table";
import { ActionForm } from "@/app/_dashboard/client/action-form";
import { currentLocale, requireScope } from "@/app/_dashboard/session";
import { getBalancesPage } from "@/lib/dashboard/balances";
import { messages } from "@/lib/dashboard/i18n";
import { CURRENCY_CODES } from "@/lib/money";

/** Currency and amount (in major units, converted exactly by lib/money on the server). */
function CurrencyAmountFields({ currencyLabel, amountLabel, defaultCurrency }: { currencyLabel: string; amountLabel: string; defaultCurrency: string }) {
  return (
    <>
      <label>
        {currencyLabel}
        <select name="currency" defaultValue={defaultCurrency}>
          {CURRENCY_CODES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label>
        {amountLabel}
        <input name="amount" inputMode="decimal" required />
      </label>
    </>
  );
}

export default async function BalancesPage() {
  const scope = await requireScope("view");
  const locale = await currentLocale();
  const m = messages(locale);
  const view = await getBalancesPage(scope);
  const home = view.balances[0]?.currency ?? "XOF";
  // The forms below move money: only roles with `money` see them (the actions refuse the others too).
  const money = can(scope.role, "money");
  return (
    <div className="stack">
      <h1>{m.balances.title}</h1>
      <div className="grid">
        {view.balances.map((b) => (
          <BalanceTable key={b.currency} balance={b} locale={locale} m={m} />
        ))}
      </div>
      <p>
        <a href={`/dashboard/balances/statement?currency=${home}`} data-testid="statement-link">
          {m.statement.link}
        </a>
      </p>

      {money && scope.environment === "sandbox" ? (
        <section aria-labelledby="funds-title" className="panel stack">
          <h2 id="funds-title">{m.balances.addFunds}</h2>
          <ActionForm action={addTestFundsAction} submit={m.balances.add} success={m.balances.funded} className="filters" testId="add-funds-form">
            <CurrencyAmountFields currencyLabel={m.currency} amountLabel={m.balances.amount} defaultCurrency={home} />
          </ActionForm>
        </section>
      ) : null}

      {money ? (
      <section aria-labelledby="mode-title" className="panel stack">
        <h2 id="mode-title">{m.balances.mode}</h2>
        <ActionForm action={changeBalanceModeAction} submit={m.balances.save} success={m.balances.saved} testId="balance-mode-form">
          <fieldset>
            <legend className="visually-hidden">{m.balances.mode}</legend>
            <label className="radio">
              <input type="radio" name="mode" value="unified" defaultChecked={view.balanceMode === "unified"} /> {m.balances.unified}
            </label>
            <label className="radio">
              <input type="radio" name="mode" value="separate" defaultChecked={view.balanceMode === "separate"} /> {m.balances.separate}
            </label>
          </fieldset>
        </ActionForm>
      </section>
      ) : null}

      {money && view.balanceMode === "separate" ? (
        <section aria-labelledby="move-title" className="panel stack">
          <h2 id="move-title">{m.balances.move}</h2>
          <ActionForm action={moveFundsAction} submit={m.balances.moveSubmit} success={m.balances.moved} className="filters" testId="move-funds-form">
            <CurrencyAmountFields currencyLabel={m.currency} amountLabel={m.balances.amount} defaultCurrency={home} />
          </ActionForm>
        </section>
      ) : null}
    </div>
  );
}
