import { appEnv } from "@/lib/config";

export const dynamic = "force-dynamic";

export default function Home() {
  return (
    <main className="container">
      <h1>Payments platform</h1>
      <p>
        Environment: <strong>{appEnv() === "sandbox" ? "SANDBOX" : "LIVE"}</strong>
      </p>
      <ul>
        <li>
          <a href="/login">Merchant dashboard</a> (<a href="/signup">sign up</a>)
        </li>
        <li>
          <a href="/docs">API reference</a> (<a href="/api/v1/openapi.json">OpenAPI document</a>)
        </li>
        <li>
          <a href="/api/v1/health">Health</a>
        </li>
      </ul>
    </main>
  );
}
