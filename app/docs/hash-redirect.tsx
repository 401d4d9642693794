"use client";

import { useEffect } from "react";

/**
 * Links made when /docs was one page (`/docs#webhooks`, `/docs#initiatePayment`) still land: on
 * /docs, a fragment naming a guide goes to its page, a connector to its section, anything else
 * to the operation of that id in the reference. Without JavaScript such a link opens the overview,
 * which lists every guide.
 */
export function HashRedirect({ guides, connectors }: { guides: string[]; connectors: string[] }) {
  useEffect(() => {
    const id = decodeURIComponent(location.hash.slice(1));
    if (location.pathname !== "/docs" || !id || document.getElementById(id)) return;
    if (guides.includes(id)) location.replace(`/docs/${id}`);
    else if (connectors.includes(id)) location.replace(`/docs/connectors#${id}`);
    else if (/^[A-Za-z][A-Za-z0-9]+$/.test(id)) location.replace(`/docs/reference#${id}`);
  }, [guides, connectors]);
  return null;
}
