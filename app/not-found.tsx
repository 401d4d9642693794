/** Any unknown path: a plain page in the site's style (Next's default screen uses inline styles). */
export default function NotFound() {
  return (
    <main className="container">
      <h1>Page not found</h1>
      <p>
        This address does not exist. <a href="/">Home</a> · <a href="/docs">API reference</a>
      </p>
    </main>
  );
}
