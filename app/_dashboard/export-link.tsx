/** A CSV download of a list with the filters in force (every page, so without `page`). */
export function ExportCsvLink({ basePath, filters, label, testId }: { basePath: string; filters: Record<string, string>; label: string; testId: string }) {
  const { page: _page, ...rest } = filters;
  const query = new URLSearchParams(rest).toString();
  return (
    <p>
      <a className="btn btn-ghost" href={`${basePath}/export${query ? `?${query}` : ""}`} download data-testid={testId}>
        {label}
      </a>
    </p>
  );
}
