import { getConnector, connectorTypes } from "@/lib/connectors/registry";
import styles from "./docs.module.css";

/**
 * "Configuring a connector", for whoever runs the platform: drawn from the connector registry
 * itself (each type's capabilities, secret names and default host), so a new connector shows here
 * as soon as it is registered. Details per operator: lib/connectors/<type>/README.md.
 */
export function ConnectorsGuide({ publicUrl }: { publicUrl: string }) {
  const types = connectorTypes().filter((type) => type !== "simulator");
  return (
    <section id="connectors" className={styles.operation}>
      <h2>Connectors (operators)</h2>
      <p>
        The sandbox serves every provider with the built-in simulator (the last two digits of the phone pick the outcome). In production a
        provider is available only once an operator account is configured and routed; otherwise it is unavailable (400{" "}
        <code>provider_unavailable</code> on a direct collect, hidden from the method lists). Secrets never go to the database: they are read
        from <code>&lt;PREFIX&gt;_&lt;NAME&gt;</code> environment variables where the server runs.
      </p>
      <pre tabIndex={0}>
        <code>
          {`npm run ops -- connector:add --id mtn-ci --type mtn-momo --setting targetEnvironment=mtnivorycoast \\
  --setting currency=XOF --secrets-env MTN_CI        # checks settings and that every secret is set
npm run ops -- connector:check --id mtn-ci          # authenticates, moves no money
npm run ops -- route:set --country CI --provider mtn --direction collect --account mtn-ci [--fallback ID]
npm run ops -- route:list | connector:list | connector:calls --account mtn-ci [--transaction txn_…]`}
        </code>
      </pre>
      <p>
        Operators call back at <code>{publicUrl}/api/v1/connectors/&lt;accountId&gt;/callback</code> (from <code>PUBLIC_BASE_URL</code>).
        Against the contract simulators instead of the real operators: <code>npm run simulators</code> prints each one&apos;s secrets and{" "}
        <code>connector:add</code> line.
      </p>
      <ul className={styles.fields}>
        {types.map((type) => {
          const connector = getConnector(type)!;
          const { capabilities } = connector;
          const directions = [capabilities.collect && `collect (${capabilities.collect})`, capabilities.payout && "payout", capabilities.refund && "refund"].filter(Boolean);
          return (
            <li key={type}>
              <code>{type}</code> <span className={styles.type}>{directions.join(", ")}</span>
              <span className={styles.desc}>
                {" "}
                — secrets {connector.secretNames.map((name) => `<PREFIX>_${name}`).join(", ")}
                {connector.optionalSecrets?.length ? ` (optional: ${connector.optionalSecrets.join(", ")})` : ""}; callbacks{" "}
                {capabilities.signedCallbacks ? "signed and verified" : "unsigned: each one only triggers a status check"}
                {connector.defaultBaseUrl ? `; default host ${connector.defaultBaseUrl}` : ""}.
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
