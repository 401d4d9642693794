/**
 * The checkout's whole style sheet, inlined in a nonce'd <style> (one round trip on a slow
 * network, and the page's CSP allows no other style). Mobile first (320 px up), system fonts,
 * AA contrast, a visible focus ring, no motion for those who ask for none.
 */
export const CHECKOUT_CSS = `
:root{--fg:#14171f;--muted:#5b6475;--bg:#fff;--panel:#f5f7fa;--border:#dfe3ea;--accent:#0b5fff;--ok:#0a7a3d;--err:#b42318;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
*{box-sizing:border-box}
body{margin:0;line-height:1.5}
a{color:var(--accent)}
.page{max-width:30rem;margin:0 auto;padding:1rem;min-height:100vh;display:flex;flex-direction:column;gap:1rem}
.header{border-bottom:1px solid var(--border);padding-bottom:.75rem}
.lang{display:flex;justify-content:flex-end;gap:.75rem;font-size:.875rem}
.lang a{padding:.25rem .125rem}
.lang a[aria-current]{font-weight:700;color:var(--fg);text-decoration:none}
.brand{display:flex;align-items:center;gap:.75rem;margin-top:.25rem;min-width:0}
.brand-logo{height:2.5rem;width:auto;max-width:10rem;object-fit:contain;flex:none}
.merchant{margin:0;color:var(--muted);overflow-wrap:anywhere;min-width:0}
.merchant strong{color:var(--fg)}
.amount{margin:.25rem 0;font-size:2rem;font-weight:700;line-height:1.2;overflow-wrap:anywhere}
.description{margin:0;color:var(--muted);overflow-wrap:anywhere}
main{flex:1}
.title{font-size:1.375rem;margin:0 0 .5rem}
.subtitle{font-size:1.0625rem;margin:1.25rem 0 .5rem}
.ok{color:var(--ok)}
.err{color:var(--err)}
.muted,.help{color:var(--muted)}
.help{font-size:.875rem;margin:.25rem 0 0}
form{display:flex;flex-direction:column;gap:.5rem}
.methods{border:0;margin:0 0 .5rem;padding:0;display:grid;gap:.5rem;min-width:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
.method{display:flex;align-items:center;gap:.75rem;min-height:3.25rem;padding:.5rem .75rem;border:1px solid var(--border);border-left:.375rem solid var(--brand,var(--muted));border-radius:.5rem;cursor:pointer;background:var(--bg)}
.method:has(input:checked){border-color:var(--accent);border-left-color:var(--brand,var(--accent));box-shadow:0 0 0 2px var(--accent)}
.method input{width:1.25rem;height:1.25rem;margin:0;accent-color:var(--accent)}
.method img,.logo{width:2rem;height:2rem;border-radius:.375rem;flex:none}
.logo{background:var(--brand,var(--muted))}
.label{font-weight:600}
.phone{display:flex;align-items:stretch}
.prefix{display:flex;align-items:center;padding:0 .75rem;border:1px solid #8a93a3;border-right:0;border-radius:.5rem 0 0 .5rem;background:var(--panel);font-weight:600}
.phone input{flex:1;min-width:0;font:inherit;font-size:1.125rem;padding:.625rem .75rem;border:1px solid #8a93a3;border-radius:0 .5rem .5rem 0}
.phone input[aria-invalid=true]{border-color:var(--err)}
.button{display:block;width:100%;margin-top:.5rem;padding:.875rem 1rem;font:inherit;font-size:1.0625rem;font-weight:700;text-align:center;text-decoration:none;color:#fff;background:var(--accent);border:0;border-radius:.5rem;cursor:pointer}
.button[aria-disabled]{opacity:.7;cursor:progress}
.danger{background:var(--err)}
.secondary{color:var(--accent);background:var(--bg);border:2px solid var(--accent)}
.secondary.danger-text{color:var(--err);border-color:var(--err)}
.stuck{border-top:1px solid var(--border);margin-top:1.25rem;padding-top:.25rem}
.stuck[hidden]{display:none}
.notice{background:#fff4e0;border:1px solid #f0b866;border-radius:.5rem;padding:.5rem .75rem}
.receipt{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:.75rem 0;padding:.75rem;background:var(--panel);border-radius:.5rem}
.receipt dt{color:var(--muted)}
.receipt dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.error{color:var(--err);font-weight:600;margin:.25rem 0}
.center{text-align:center;margin-top:1.25rem}
.countdown{color:var(--muted);text-align:center;margin-top:1rem}
.countdown time{font-variant-numeric:tabular-nums;font-weight:600;color:var(--fg)}
footer{color:var(--muted);font-size:.8125rem;text-align:center}
.contact{border-top:1px solid var(--border);font-size:.9375rem}
.contact ul{margin:.25rem 0 0;padding-left:1.25rem}
.contact a{overflow-wrap:anywhere}
.qr{display:none;margin:1rem 0;text-align:center}
.qr svg{display:block;margin:0 auto .5rem}
@media (min-width:48rem) and (pointer:fine){.qr{display:block}}
.spinner{width:2.5rem;height:2.5rem;margin:1rem auto;border:.25rem solid var(--border);border-top-color:var(--accent);border-radius:50%;animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
a:focus-visible,button:focus-visible,input:focus-visible,.method:has(input:focus-visible){outline:3px solid #ffbf47;outline-offset:2px;box-shadow:0 0 0 5px #14171f}
.vh{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
`.trim();
