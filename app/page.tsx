/** The home page. The demo replaces it; keep or delete as you like. */
export default function HomePage() {
  return (
    <main className="home">
      <h1>Active Controller Starter</h1>
      <p>
        A Next.js full-stack template: declarative controllers that serve both tRPC and REST, a thin model layer over
        drizzle and PostgreSQL, and S3 file attachments. Everything runs locally with no configuration.
      </p>
      <ul>
        <li>
          <a href="/api/health">/api/health</a>: is the database up, and which storage is in use
        </li>
        <li>
          Edit <code>app/page.tsx</code>, add controllers in <code>controllers/</code> and tables in{' '}
          <code>db/schema.ts</code>
        </li>
      </ul>
    </main>
  );
}
