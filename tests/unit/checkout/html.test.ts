import { describe, expect, it } from "vitest";
import { escapeHtml, html, trustedHtml } from "@/lib/checkout/page/html";

describe("html template", () => {
  it("escapes every interpolated string, in text and in quoted attributes", () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      `<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>`,
    );
    expect(escapeHtml(`"><img src=x onerror=alert(1)>`)).not.toMatch(/[<>"]/);
  });

  it("keeps nested html and trusted markup as markup, joins arrays, drops null, undefined and false", () => {
    const items = ["a<b", "c"].map((x) => html`<li>${x}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}${12n}`.value).toBe("<ul><li>a&lt;b</li><li>c</li></ul>012");
    expect(html`<style>${trustedHtml("a>b{}")}</style>`.value).toBe("<style>a>b{}</style>");
  });
});
