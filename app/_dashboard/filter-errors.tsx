/** The refused filters of a list or statement form, one line (the form stays as typed). */
export function FilterErrors({ errors }: { errors: Record<string, string> }) {
  if (Object.keys(errors).length === 0) return null;
  return (
    <p role="alert" className="error">
      {Object.entries(errors)
        .map(([field, message]) => `${field}: ${message}`)
        .join(" · ")}
    </p>
  );
}
