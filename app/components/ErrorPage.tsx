import { ErrorContent } from "./ErrorContent";
import { PublicLayout } from "./PublicLayout";

/** The root error boundary's page (loaded by the browser only when an error is shown). */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <PublicLayout narrow>
      <ErrorContent error={error} home="/" />
    </PublicLayout>
  );
}
