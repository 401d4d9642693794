import type { CurrencyBalance } from "@/lib/ledger";
import type { Locale, Messages } from "@/lib/dashboard/i18n";
import { formatAmount, MERCHANT_CATEGORIES_FOR_VIEW } from "./format";

/** One currency's wallets: the three categories with available and pending. */
export function BalanceTable({ balance, locale, m }: { balance: CurrencyBalance; locale: Locale; m: Messages }) {
  return (
    <div className="table-wrap" tabIndex={0}>
      <table data-testid={`balance-${balance.currency}`}>
        <caption>{balance.currency}</caption>
        <thead>
          <tr>
            <th scope="col">{m.balances.wallet}</th>
            <th scope="col" className="num">
              {m.available}
            </th>
            <th scope="col" className="num">
              {m.pending}
            </th>
          </tr>
        </thead>
        <tbody>
          {MERCHANT_CATEGORIES_FOR_VIEW.map((c) => (
            <tr key={c} data-testid={`wallet-${balance.currency}-${c}`}>
              <th scope="row">{m.categories[c]}</th>
              <td className="num">{formatAmount(balance.categories[c].available, balance.currency, locale)}</td>
              <td className="num">{formatAmount(balance.categories[c].pending, balance.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{m.overview.total}</th>
            <td className="num">{formatAmount(balance.totals.available, balance.currency, locale)}</td>
            <td className="num">{formatAmount(balance.totals.pending, balance.currency, locale)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
