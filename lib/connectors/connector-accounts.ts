import { isSandbox, type AppEnvironment, environmentVariables } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import type { ConnectorAccount } from "@/lib/db/generated/client";
import type { Connector } from "./connector";
import { getConnector } from "./registry";

/**
 * Connector accounts as the core uses them: the database row (or the sandbox's built-in
 * simulator account, which has none), its connector, its secrets read from the environment,
 * and what is wrong with it if it cannot be used (docs/design/connectors.md: secrets only in env vars
 * `<PREFIX>_<NAME>`, never stored).
 */
export const BUILT_IN_SIMULATOR_ID = "simulator";

export type AccountRecord = Pick<ConnectorAccount, "id" | "type" | "environment" | "baseUrl" | "settings" | "secretsEnv" | "breakerState" | "openUntil" | "consecutiveFailures">;

/** The sandbox's built-in account: every provider routes to it when no route says otherwise. */
export function builtInSimulatorAccount(): AccountRecord {
  return {
    id: BUILT_IN_SIMULATOR_ID,
    type: "simulator",
    environment: "sandbox",
    baseUrl: null,
    settings: {},
    secretsEnv: "",
    breakerState: "closed",
    openUntil: null,
    consecutiveFailures: 0,
  };
}

export const isBuiltIn = (account: Pick<AccountRecord, "id" | "secretsEnv">) => account.id === BUILT_IN_SIMULATOR_ID && account.secretsEnv === "";

/**
 * `<PREFIX>_<NAME>` for every secret the connector reads; which required ones are missing.
 * What is required may depend on the account's settings (Connector.requiredSecretsFor).
 */
export function readSecrets(connector: Connector, prefix: string, settings: unknown, env: Readonly<Record<string, string | undefined>> = environmentVariables()) {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  const isRequired = requiredSecretTest(connector, settings);
  for (const name of connector.secretNames) {
    const variable = `${prefix}_${name}`;
    const value = env[variable];
    if (value) values[name] = value;
    else if (isRequired(name)) missing.push(variable);
  }
  return { values, missing };
}

function requiredSecretTest(connector: Connector, settings: unknown): (name: string) => boolean {
  if (connector.requiredSecretsFor) {
    const parsed = connector.settingsSchema.safeParse(settings);
    // Unparseable settings are reported on their own; count every secret as needed meanwhile.
    if (!parsed.success) return () => true;
    const required = new Set(connector.requiredSecretsFor(parsed.data));
    return (name) => required.has(name);
  }
  const optional = new Set(connector.optionalSecrets ?? []);
  return (name) => !optional.has(name);
}

/** Why an account cannot be used (unknown type, missing secret, bad settings); null when it can. */
export function accountProblem(account: AccountRecord, env: Readonly<Record<string, string | undefined>> = environmentVariables()): string | null {
  const connector = getConnector(account.type);
  if (!connector) return `unknown connector type "${account.type}"`;
  const { missing } = readSecrets(connector, account.secretsEnv, account.settings, env);
  if (missing.length > 0) return `missing secret env var${missing.length > 1 ? "s" : ""} ${missing.join(", ")}`;
  const settings = connector.settingsSchema.safeParse(account.settings);
  if (!settings.success) return `invalid settings: ${settings.error.issues.map((i) => `${i.path.join(".") || "settings"} ${i.message}`).join("; ")}`;
  if (!account.baseUrl && !connector.defaultBaseUrl && account.type !== "simulator") return "no base URL";
  return null;
}

/** The account by id in this environment: a row, or the built-in simulator in sandbox. */
export async function findAccount(db: Db, id: string, environment: AppEnvironment): Promise<AccountRecord | null> {
  const row = await db.connectorAccount.findUnique({ where: { id } });
  if (row && row.environment === environment) return row;
  if (!row && id === BUILT_IN_SIMULATOR_ID && environment === "sandbox" && isSandbox()) return builtInSimulatorAccount();
  return null;
}
