import { CopyButton } from "./copy-button";

/** A key shown in full with a copy button (server or client rendered). */
export function SecretBox({ label, value, testId, copy, copied }: { label: string; value: string; testId: string; copy: string; copied: string }) {
  return (
    <div className="secret">
      <span className="secret-label">{label}</span>
      <code data-testid={testId} className="secret-value">
        {value}
      </code>
      <CopyButton value={value} label={copy} copiedLabel={copied} />
    </div>
  );
}
