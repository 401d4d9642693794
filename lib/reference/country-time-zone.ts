/**
 * The time zone people in a country read their clocks in (IANA tz database, zone1970.tab /
 * zone.tab), for what a customer keeps: the checkout's receipt is dated in the payment country's
 * local time, since the server does not know the customer's own zone. Every served country has a
 * single zone except the DRC (Kinshasa's is used: the capital's, where most payments are made).
 * Unknown country: UTC, and the receipt says so.
 */
const ZONES: Record<string, string> = {
  SN: "Africa/Dakar",
  CI: "Africa/Abidjan",
  BJ: "Africa/Porto-Novo",
  BF: "Africa/Ouagadougou",
  ML: "Africa/Bamako",
  NE: "Africa/Niamey",
  TG: "Africa/Lome",
  GW: "Africa/Bissau",
  CM: "Africa/Douala",
  GA: "Africa/Libreville",
  CG: "Africa/Brazzaville",
  TD: "Africa/Ndjamena",
  CF: "Africa/Bangui",
  GQ: "Africa/Malabo",
  CD: "Africa/Kinshasa",
  MA: "Africa/Casablanca",
  KE: "Africa/Nairobi",
  UG: "Africa/Kampala",
  TZ: "Africa/Dar_es_Salaam",
  RW: "Africa/Kigali",
  ZM: "Africa/Lusaka",
  GH: "Africa/Accra",
  FR: "Europe/Paris",
  IN: "Asia/Kolkata",
};

export function countryTimeZone(country: string | null | undefined): string {
  return (country && ZONES[country.toUpperCase()]) || "UTC";
}
